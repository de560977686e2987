import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicClass } from '@centro/contracts';
import { aClass } from '~/test/classes';
import { renderWithRouter } from '~/test/render';
import { courseShareData } from '../share';
import type { CoursePageData } from '../types';
import { CoursePage } from './course-page';
import type { EnrolmentSituation } from '../types';

const page: CoursePageData = {
  programme: { name: 'Global Kardec', path: '/global-kardec', slug: 'global-kardec' },
  slug: 'passe',
  groupId: 'group-passe',
  inviteCode: 'INVITEpasse',
  title: 'Passe',
  stage: 'Ciclo Introdutório',
  welcome: 'Seja bem-vindo(a) ao curso Passe!',
  descriptionHtml: '<p>Primeiro parágrafo.</p>\n<p>Segundo <strong>parágrafo</strong>.</p>',
  audience: 'Para quem concluiu Nosso Lar.',
  image: { src: '/assets/passe.svg', alt: 'Duas mãos abertas', width: 640, height: 400 },
  meetings: [
    {
      firstMeeting: 'sábado, 06/03/2027, às 17h30',
      weeklySlot: 'Todo sábado, das 17h30 às 19h00',
      count: '8 encontros',
      place: 'Sala 3 – Rua da Esperança, 123',
    },
  ],
  share: courseShareData('Passe', 'https://www.centro.org.br/global-kardec/passe', [
    { path: '/global-kardec/passe/encontros.ics' },
  ]),
  prerequisite: null,
};

const stubClasses = (...classes: PublicClass[]) =>
  vi.stubGlobal('fetch', async () => Response.json({ courses: { passe: classes } }));

beforeEach(() => stubClasses(aClass()));

/** The action the route would give: it shows what it was told. */
const action = ({ open, full, turma }: { open: boolean; full: boolean; turma?: string }) => (
  <button type="button">{`Inscrever (${open ? 'aberto' : 'fechado'}, ${full ? 'cheio' : 'com vagas'}${turma ? `, ${turma}` : ''})`}</button>
);

/** A signed-in action: 'Entrar' joins this class's list, and its line then says so (to the page). */
function JoiningAction({ turma, report }: EnrolmentSituation) {
  const [joined, setJoined] = useState(false);
  useEffect(() => report?.(joined), [report, joined]);
  return joined ? (
    <p>{`Na lista de espera da ${turma ?? ''}`}</p>
  ) : (
    <button type="button" onClick={() => setJoined(true)}>{`Entrar (${turma ?? ''})`}</button>
  );
}

describe('CoursePage', () => {
  it('shows the action it is given in the enrolment section, open until told otherwise', () => {
    renderWithRouter(<CoursePage {...page} enrolAction={action} />);
    expect(screen.getByRole('region', { name: 'Inscrição' })).toContainElement(
      screen.getByRole('button', { name: 'Inscrever (aberto, com vagas)' }),
    );
  });

  it('tells the action when the course is full, and when enrolment is not open', async () => {
    stubClasses(aClass({ placesLeft: 0 }));
    const { unmount } = renderWithRouter(<CoursePage {...page} enrolAction={action} />);
    expect(await screen.findByText('Vagas esgotadas para este curso.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inscrever (aberto, cheio)' })).toBeInTheDocument();
    unmount();
    stubClasses(
      aClass({ placesLeft: 3, enrolment: 'not-open', opensAt: '2030-01-15T12:00:00.000Z' }),
    );
    renderWithRouter(<CoursePage {...page} enrolAction={action} />);
    expect(
      await screen.findByText('As inscrições abrem em 15/01/2030 às 09h00.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Inscrever (fechado, com vagas)' }),
    ).toBeInTheDocument();
  });

  it('shows the button at the opening on a page left open, without a reload (decision 075)', async () => {
    const opensAt = new Date(Date.now() + 3_600_000).toISOString();
    let opened = false;
    vi.stubGlobal('fetch', async () =>
      Response.json({
        courses: {
          passe: [opened ? aClass({ opensAt }) : aClass({ enrolment: 'not-open', opensAt })],
        },
      }),
    );
    // The page's wait for the opening is taken here, to run at once when the hour has come.
    const realSetTimeout = globalThis.setTimeout;
    let atOpening: (() => void) | undefined;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
      if ((ms ?? 0) < 60_000) return realSetTimeout(run, ms);
      atOpening = run;
      return 0;
    }) as typeof setTimeout);
    try {
      renderWithRouter(<CoursePage {...page} enrolAction={action} />);
      expect(await screen.findByText(/^As inscrições abrem em /)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Inscrever (fechado, com vagas)' })).toBeVisible();
      opened = true;
      atOpening?.();
      expect(
        await screen.findByRole('button', { name: 'Inscrever (aberto, com vagas)' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Restam 12 vagas.')).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('says before the button which courses the person must have concluded', () => {
    renderWithRouter(
      <CoursePage
        {...page}
        prerequisite="Este curso é para quem concluiu: Nosso Lar."
        enrolAction={action}
      />,
    );
    const sentence = screen.getByText('Este curso é para quem concluiu: Nosso Lar.');
    expect(screen.getByRole('region', { name: 'Inscrição' })).toContainElement(sentence);
    const button = screen.getByRole('button', { name: 'Inscrever (aberto, com vagas)' });
    expect(
      sentence.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows the places left once known', async () => {
    renderWithRouter(<CoursePage {...page} enrolAction={action} />);
    expect(await screen.findByText('Restam 12 vagas.')).toBeInTheDocument();
  });

  it('with two classes open, lists both, each with its own action naming it', async () => {
    stubClasses(
      aClass(),
      aClass({ id: 'k2', name: 'Turma Sábado', weekday: 'saturday', placesLeft: 0 }),
    );
    renderWithRouter(<CoursePage {...page} enrolAction={action} />);
    expect(await screen.findByRole('list', { name: 'Turmas' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Turma Sábado' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Inscrever (aberto, com vagas, k1)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Inscrever (aberto, cheio, k2)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Inscrições abertas. Vagas esgotadas: lista de espera.'),
    ).toBeInTheDocument();
  });

  it("shows the line of the class whose action was used, not the first class's", async () => {
    stubClasses(aClass(), aClass({ id: 'k2', name: 'Turma Sábado', placesLeft: 0 }));
    renderWithRouter(
      <CoursePage {...page} enrolAction={(situation) => <JoiningAction {...situation} />} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar (k2)' }));
    expect(screen.getByText('Na lista de espera da k2')).toBeVisible();
    // The first class's action, which does not know yet, is hidden with the rest.
    expect(screen.getByRole('button', { name: 'Entrar (k1)', hidden: true })).not.toBeVisible();
  });

  it('shows the title, welcome, description, instruction, limited places and tutorial link', () => {
    renderWithRouter(<CoursePage {...page} enrolAction={action} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Passe' })).toBeInTheDocument();
    expect(screen.getByText('Seja bem-vindo(a) ao curso Passe!')).toBeInTheDocument();
    expect(screen.getByText('Primeiro parágrafo.')).toBeInTheDocument();
    expect(screen.getByText('parágrafo', { selector: 'strong' })).toBeInTheDocument();
    expect(
      screen.getByText(/Para garantir a sua vaga, clique no botão abaixo/),
    ).toBeInTheDocument();
    expect(screen.getByText(/as vagas são limitadas/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'como se inscrever, passo a passo' })).toHaveAttribute(
      'href',
      '/como-se-inscrever',
    );
  });

  it('shows when and where the course meets', () => {
    renderWithRouter(<CoursePage {...page} enrolAction={action} />);
    expect(screen.getByRole('region', { name: 'Encontros' })).toHaveTextContent(
      'Primeiro encontro: sábado, 06/03/2027, às 17h30',
    );
  });
});
