import { schedule } from '@centro/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { StaffArea } from '~/features/staff/components/staff-area';
import { staffSections } from './equipe';

const SCHEDULE = '/api/staff/content/schedule';
const NOTICES = '/api/staff/content/notices';

/**
 * The staff API for a person with `roles`; `save` answers the schedule's PUT, `saveNotices` the
 * notices' PUT.
 */
function stubApi(
  roles: string[],
  save?: (body: { revision: number }) => Response,
  saveNotices?: (body: { revision: number }) => Response,
) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as { revision: number }) : undefined;
    calls.push({ url, method, body });
    if (url === '/api/staff/me') return Response.json({ id: 'me', name: 'Eu', roles, classes: [] });
    if (url === SCHEDULE && method === 'GET') {
      return Response.json({ revision: 0, savedAt: null, savedBy: null, schedule });
    }
    if (url === SCHEDULE && method === 'PUT' && save && body) return save(body);
    if (url === NOTICES && method === 'GET') {
      return Response.json({ revision: 0, savedAt: null, savedBy: null, notices: [] });
    }
    if (url === NOTICES && method === 'PUT' && saveNotices && body) return saveNotices(body);
    if (url === '/api/staff/courses') return Response.json({ courses: [] });
    // The pages' texts (texts-panel.test.tsx tests them).
    if (url.startsWith('/api/staff/content/texts?')) {
      const texts = { introduction: 'Olá.' };
      return Response.json({ revision: 0, savedAt: null, savedBy: null, document: 'home', texts });
    }
    if (url.startsWith('/api/staff/content/history?')) return Response.json({ revisions: [] });
    // The photos (photos.test.ts on the server, the content e2e in the browser).
    if (url === '/api/staff/content/photos') {
      return Response.json({ revision: 0, savedAt: null, savedBy: null, places: [] });
    }
    // The contact details (contact-panel.test.tsx tests them).
    if (url === '/api/staff/content/contact') {
      return Response.json({ revision: 0, savedAt: null, savedBy: null, contact: CONTACT });
    }
    if (url.endsWith('/history')) return Response.json({ revisions: [] });
    return Response.json({ error: 'forbidden', message: 'Proibido.' }, { status: 403 });
  });
  return calls;
}

const CONTACT = {
  address: {
    street: 'Rua da Esperança, 123',
    district: 'Jardim das Flores',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '01000-000',
  },
  whatsapp: '5521987654321',
  email: 'contato@exemplo.org.br',
  mapEmbedUrl: 'https://www.google.com/maps?q=x&output=embed',
  mapTitle: 'Mapa do centro',
};

const signedIn = () =>
  authValue({
    status: 'signed-in',
    getUser: vi.fn(async () => ({
      user: { id: 'me', displayName: 'Eu', mail: null, mobilePhone: null, birthday: null },
      token: 'staff-token',
    })),
  });

async function tuesdayTime() {
  const tuesday = await screen.findByRole('group', { name: 'Terça-feira' });
  return within(tuesday).getByLabelText('Horário');
}

describe('the Conteúdo section', () => {
  it('is all Comunicação sees: no course or participant call is made', async () => {
    const calls = stubApi(['comunicacao']);
    renderWithRouter(<StaffArea sections={staffSections} />, { url: '/equipe', auth: signedIn() });
    expect(await tuesdayTime()).toHaveValue('19h30');
    expect(screen.getByText('Sua função: Comunicação')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Seções da equipe' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Conteúdo']);
    expect(calls.some((c) => c.url.startsWith('/api/staff/courses'))).toBe(false);
  });

  it('publishes Tuesday’s new time from the version it started from', async () => {
    const calls = stubApi(['coordenacao'], (body) =>
      Response.json({
        ...(body as object),
        revision: body.revision + 1,
        savedAt: '2026-11-26T12:00:00.000Z',
        savedBy: 'Eu',
      }),
    );
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?secao=conteudo',
      path: '/equipe',
      auth: signedIn(),
    });
    const time = await tuesdayTime();
    await userEvent.clear(time);
    await userEvent.type(time, '20h');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e publicar' }));
    expect(await screen.findByText(/Publicado por Eu em 26\/11\/2026/)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    const sent = put?.body as { revision: number; schedule: typeof schedule };
    expect(sent.revision).toBe(0);
    expect(sent.schedule.find((d) => d.day === 'Terça-feira')?.activities[0]?.time).toBe('20h');
    expect(sent.schedule).toHaveLength(schedule.length);
  });

  it('keeps the text on screen when someone else saved first', async () => {
    stubApi(['comunicacao'], () =>
      Response.json(
        {
          error: 'content_stale',
          message: 'Outra pessoa alterou esta página enquanto você editava.',
        },
        { status: 409 },
      ),
    );
    renderWithRouter(<StaffArea sections={staffSections} />, { url: '/equipe', auth: signedIn() });
    const time = await tuesdayTime();
    await userEvent.clear(time);
    await userEvent.type(time, '20h');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e publicar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Outra pessoa alterou esta página enquanto você editava.',
    );
    expect(await tuesdayTime()).toHaveValue('20h');
  });

  it('says beside the field what is wrong, and sends nothing', async () => {
    const calls = stubApi(['comunicacao']);
    renderWithRouter(<StaffArea sections={staffSections} />, { url: '/equipe', auth: signedIn() });
    const time = await tuesdayTime();
    await userEvent.clear(time);
    await userEvent.type(time, '8 da noite');
    const tuesday = screen.getByRole('group', { name: 'Terça-feira' });
    const link = within(tuesday).getByLabelText('Link do Tirar Dúvidas (opcional)');
    await userEvent.type(link, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e publicar' }));
    expect(time).toHaveAccessibleDescription('Horário no formato 19h30 ou 09h.');
    expect(link).toHaveAccessibleDescription(
      'Use um endereço https:, mailto:, tel: ou uma página do site (/...).',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Corrija os campos indicados.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('adds a notice for one course, with problems beside its fields, then publishes it', async () => {
    const calls = stubApi(['comunicacao'], undefined, (body) =>
      Response.json({
        ...(body as object),
        revision: 1,
        savedAt: '2026-11-26T12:00:00.000Z',
        savedBy: 'Eu',
      }),
    );
    renderWithRouter(<StaffArea sections={staffSections} />, { url: '/equipe', auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar aviso' }));
    const notice = screen.getByRole('group', { name: 'Aviso 1' });
    const save = screen.getByRole('button', { name: 'Publicar avisos' });
    await userEvent.selectOptions(within(notice).getByLabelText('Onde'), 'course');
    await userEvent.type(within(notice).getByLabelText('Mostrar a partir de'), '2026-12-20T00:00');
    await userEvent.type(within(notice).getByLabelText('Mostrar até'), '2026-12-19T00:00');
    await userEvent.click(save);
    expect(within(notice).getByLabelText('Título')).toHaveAccessibleDescription(
      'Informe o título.',
    );
    expect(within(notice).getByLabelText('Mostrar até')).toHaveAccessibleDescription(
      'Precisa ser depois do início.',
    );
    expect(within(notice).getByLabelText('Curso')).toHaveAccessibleDescription('Escolha o curso.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(within(notice).getByLabelText('Título'), 'Aula remarcada');
    await userEvent.type(within(notice).getByLabelText('Texto'), 'A aula passa para quarta.');
    await userEvent.clear(within(notice).getByLabelText('Mostrar até'));
    await userEvent.type(within(notice).getByLabelText('Mostrar até'), '2026-12-27T00:00');
    const course = within(notice).getByLabelText('Curso');
    const [, first] = within(course).getAllByRole('option') as HTMLOptionElement[];
    await userEvent.selectOptions(course, first?.value ?? '');
    await userEvent.click(save);
    expect(await screen.findByText(/Publicado por Eu em 26\/11\/2026/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === NOTICES && c.method === 'PUT')?.body).toEqual({
      revision: 0,
      notices: [
        {
          title: 'Aula remarcada',
          text: 'A aula passa para quarta.',
          from: '2026-12-20T00:00',
          until: '2026-12-27T00:00',
          place: 'course',
          course: first?.value,
        },
      ],
    });
  });
});
