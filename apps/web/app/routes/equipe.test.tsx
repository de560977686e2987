import {
  type StaffClass,
  type StaffCourseSummary,
  type StaffParticipant,
  UNSET_COURSE_SETTINGS,
} from '@centro/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { StaffArea } from '~/features/staff/components/staff-area';
import { staffSections } from './equipe';

const course = (slug: string, title: string): StaffCourseSummary => ({
  slug,
  title,
  programme: 'global-kardec',
  places: 40,
  enrolled: 2,
  waiting: 1,
  state: 'open',
  opensAt: null,
  closesAt: '2026-12-20T02:59:00.000Z',
  meetings: 3,
  schedule: ['2026-03-07', '2026-03-14', '2026-03-21'].map((date) => ({
    date,
    start: `${date}T18:00:00.000Z`,
  })),
  attendance: [2, 0, 0],
  hasInvite: true,
  classId: 'c-1',
  className: 'Turma 2026/1',
  classState: 'open',
  firstMeeting: '2026-03-07',
  weekday: 'saturday',
  time: '15:00',
  durationMinutes: 90,
  room: 'Sala 2',
});

const participant = (id: string, name: string, email: string): StaffParticipant => ({
  id,
  name,
  email,
  celular: '+55 11 98765-4321',
  enrolledAt: '2026-03-02T15:00:00.000Z',
  status: 'confirmed',
  atDesk: false,
});

const staffClass = (id: string, name: string, state: StaffClass['state']): StaffClass => ({
  id,
  name,
  state,
  places: 40,
  taken: state === 'concluded' ? 0 : 2,
  firstMeeting: null,
  opensAt: null,
  closesAt: null,
  schedule: [{ date: '2026-03-07', start: '2026-03-07T18:00:00.000Z' }],
  meetings: {
    firstMeeting: '2026-03-07',
    weekday: 'saturday',
    time: '15:00',
    durationMinutes: 90,
    count: 1,
    room: 'Sala 2',
  },
  dates: [],
});
const K1 = '00000000-0000-4000-8000-000000000001';
const K2 = '00000000-0000-4000-8000-000000000002';

/** The staff API as the server answers it, for a person with `roles` (`extra`: by path). */
function stubApi(
  roles: string[],
  extra: Record<string, () => Response> = {},
  classes: StaffClass[] = [staffClass(K1, 'Turma 2026/1', 'open')],
) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const [path] = url.split('?');
    const key = `${method} ${path}`;
    if (extra[key]) return extra[key]();
    if (key === 'GET /api/staff/courses/passe/classes') {
      return Response.json({
        classes,
        proposal: {
          name: 'Turma 2026/2',
          places: 40,
          opensAt: '2026-08-01T09:00',
          closesAt: null,
          firstMeeting: '2026-09-12',
        },
      });
    }
    if (url === '/api/staff/me') return Response.json({ id: 'me', name: 'Eu', roles, classes: [] });
    if (url === '/api/staff/courses') {
      return Response.json({
        courses: [course('passe', 'Passe'), course('nosso-lar', 'Nosso Lar')],
      });
    }
    if (path === '/api/staff/courses/passe/participants') {
      return Response.json({
        course: { slug: 'passe', title: 'Passe' },
        participants: [
          participant('u1', 'Zélia Prado', 'zelia@example.org'),
          participant('u2', 'Ana Souza', 'ana@example.org'),
        ],
        waiting: [
          {
            id: 'u3',
            position: 1,
            name: 'Bruno Lima',
            email: 'bruno@example.org',
            celular: '',
            joinedAt: '2026-03-04T15:00:00.000Z',
            atDesk: false,
          },
        ],
      });
    }
    return Response.json({ error: 'not_found', message: 'Não encontrado.' }, { status: 404 });
  });
  return calls;
}

const signedIn = () =>
  authValue({
    status: 'signed-in',
    getUser: vi.fn(async () => ({
      user: { id: 'me', displayName: 'Eu', mail: null, mobilePhone: null, birthday: null },
      token: 'staff-token',
    })),
  });

describe('StaffArea', () => {
  it('is the 404 page for a person without a staff role', async () => {
    stubApi([]);
    renderWithRouter(<StaffArea sections={staffSections} />, { url: '/equipe', auth: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página Não Encontrada' }),
    ).toBeInTheDocument();
  });

  it('shows the courses to Secretaria, with no settings, record or roles', async () => {
    const calls = stubApi(['secretaria']);
    renderWithRouter(<StaffArea sections={staffSections} />, { url: '/equipe', auth: signedIn() });
    expect(await screen.findByRole('link', { name: 'Passe' })).toHaveAttribute(
      'href',
      '/equipe?curso=passe&turma=c-1',
    );
    expect(screen.getByText('Sua função: Secretaria')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Seções da equipe' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Cursos']);
    expect(screen.getAllByText(/Encerram em 19\/12\/2026 às 23h59/)).toHaveLength(2);
    // Every call carried the person's bound token.
    expect(calls.every((c) => c.url.startsWith('/api/staff/'))).toBe(true);
  });

  it('lists a course’s participants, searched without accents, and hides removal from Secretaria', async () => {
    stubApi(['secretaria']);
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe',
      path: '/equipe',
      auth: signedIn(),
    });
    const table = await screen.findByRole('table', { name: 'Participantes de Passe' });
    // The class's meetings, as its page and e-mails say them (decision 075).
    expect(
      screen.getByText(
        'Primeiro encontro: sábado, 07/03/2026, às 15h00 · Todo sábado, das 15h00 às 16h30 (1 encontro) · Local: Sala 2',
      ),
    ).toBeVisible();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Ana Souza', 'Zélia Prado']);
    // A phone dials when tapped, and opens WhatsApp beside it.
    expect(within(table).getByRole('link', { name: /^Ligar para Ana Souza/ })).toHaveAttribute(
      'href',
      'tel:+5511987654321',
    );
    expect(within(table).getByRole('link', { name: /^WhatsApp de Ana Souza/ })).toHaveAttribute(
      'href',
      'https://wa.me/5511987654321',
    );
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
    const course = screen.getByRole('navigation', { name: 'Seções do curso' });
    expect(
      within(course)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Turmas',
      'Participantes',
      'Encontros',
      'Presença',
      'Inscrever no balcão',
      'Mensagem à turma',
      'Pré-requisitos',
      'Conclusões',
    ]);
    await userEvent.type(screen.getByLabelText('Buscar por nome ou e-mail'), 'zelia');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Zélia Prado']);
    expect(screen.getByText('1 de 2 participantes')).toBeInTheDocument();
    // The waiting list, in order, apart from the search.
    const waiting = screen.getByRole('region', { name: 'Lista de espera' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Bruno Limabruno@example.orgDesde 04/03/2026']);
  });

  it('asks before removing, then sends the confirmed removal', async () => {
    const calls = stubApi(['coordenacao'], {
      'POST /api/staff/courses/passe/participants/u1/remove': () =>
        Response.json({ removed: true }),
    });
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe',
      path: '/equipe',
      auth: signedIn(),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remover Zélia Prado' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Remover Zélia Prado deste curso?');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar remoção' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: `/api/staff/courses/passe/participants/u1/remove?turma=${K1}`,
        method: 'POST',
        body: { confirm: true },
      }),
    );
  });

  it('gives a person enrolled at the desk a new code after asking, shown once', async () => {
    const desk = { ...participant('desk-1', 'Rosa Maria Lima', ''), atDesk: true };
    const calls = stubApi(['secretaria'], {
      'GET /api/staff/courses/passe/participants': () =>
        Response.json({
          course: { slug: 'passe', title: 'Passe' },
          participants: [participant('u1', 'Zélia Prado', 'zelia@example.org'), desk],
          waiting: [],
        }),
      'POST /api/staff/courses/passe/participants/desk-1/claim-code': () =>
        Response.json({ claimCode: 'ABCDEFGH' }),
    });
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe',
      path: '/equipe',
      auth: signedIn(),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Gerar novo código para Rosa Maria Lima' }),
    );
    // Only the desk's person has one: an account claims nothing with a code.
    expect(screen.queryByRole('button', { name: /Gerar novo código para Zélia/ })).toBeNull();
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('O código anterior deixa de funcionar na hora');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar novo código' }));
    expect(await screen.findByText(/Entregue este código à pessoa/)).toHaveTextContent('ABCD-EFGH');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: `/api/staff/courses/passe/participants/desk-1/claim-code?turma=${K1}`,
      method: 'POST',
      body: { confirm: true },
    });
  });

  it('tells Secretaria whom to ask for a missing invite, never to do it', async () => {
    const without = { ...course('passe', 'Passe'), hasInvite: false };
    stubApi(['secretaria'], {
      'GET /api/staff/courses': () => Response.json({ courses: [without] }),
    });
    renderWithRouter(<StaffArea sections={staffSections} />, { url: '/equipe', auth: signedIn() });
    expect(
      await screen.findByText(/Peça à Coordenação que cole o link do convite/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/ Cole o link do convite/)).toBeNull();
  });

  it("asks before 'Retirar' takes a role back, and says the person is told", async () => {
    const calls = stubApi(['coordenacao'], {
      'GET /api/staff/roles': () =>
        Response.json({
          people: [
            {
              id: 'u9',
              name: 'Caio Reis',
              email: 'caio@example.org',
              roles: ['secretaria'],
              admin: false,
              monitors: [],
            },
          ],
          classes: [],
        }),
      'POST /api/staff/roles/revoke': () => Response.json({ ok: true }),
    });
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?secao=funcoes',
      path: '/equipe',
      auth: signedIn(),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Retirar Secretaria de Caio Reis' }),
    );
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Retirar a função Secretaria de Caio Reis?');
    expect(dialog).toHaveTextContent('recebe um e-mail avisando');
    expect(dialog).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Retirar Secretaria de Caio Reis' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar retirada' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/staff/roles/revoke',
        method: 'POST',
        body: { personId: 'u9', role: 'secretaria' },
      }),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before saving a first meeting already past, then says who was e-mailed', async () => {
    const stored = UNSET_COURSE_SETTINGS;
    const answer = (settings: Record<string, string | number | null>, notified?: number) => ({
      slug: 'passe',
      title: 'Passe',
      settings,
      defaults: {
        places: 40,
        inviteCode: 'AbCdEfGhIj12',
        firstMeeting: '2036-03-08',
        weekday: 'sábado',
        time: '17:30',
        count: 3,
        durationMinutes: 90,
        room: null,
      },
      taken: 2,
      weekday: 'sábado',
      classId: K1,
      ...(notified === undefined ? {} : { notified }),
    });
    const calls = stubApi(['coordenacao'], {
      'GET /api/staff/courses/passe/settings': () => Response.json(answer(stored)),
      'POST /api/staff/courses/passe/settings': () =>
        Response.json(answer({ ...stored, firstMeeting: '2020-03-07' }, 12)),
    });
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe&aba=configuracoes',
      path: '/equipe',
      auth: signedIn(),
    });
    const first = await screen.findByLabelText('Primeiro encontro');
    await userEvent.type(first, '2020-03-07');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('O primeiro encontro, em 07/03/2020 às 17h30, já passou.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar mesmo assim' }));
    expect(
      await screen.findByText(
        'Configurações salvas. Avisamos 12 pessoas por e-mail sobre a mudança nos encontros.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('shows the server’s reason when places would fall below those taken', async () => {
    stubApi(['coordenacao'], {
      'GET /api/staff/courses/passe/settings': () =>
        Response.json({
          slug: 'passe',
          title: 'Passe',
          settings: UNSET_COURSE_SETTINGS,
          defaults: {
            places: 40,
            inviteCode: 'AbCdEfGhIj12',
            firstMeeting: '2026-03-07',
            weekday: 'sábado',
            time: '17:30',
            count: 3,
            durationMinutes: 90,
            room: null,
          },
          taken: 2,
          weekday: 'sábado',
          classId: K1,
        }),
      'POST /api/staff/courses/passe/settings': () =>
        Response.json(
          {
            error: 'places_below_taken',
            message: 'O número de vagas não pode ser menor que as 2 vagas já ocupadas.',
            field: 'places',
          },
          { status: 409 },
        ),
    });
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe&aba=configuracoes',
      path: '/equipe',
      auth: signedIn(),
    });
    const places = await screen.findByLabelText('Vagas');
    expect(screen.getByText('Padrão: 40. Já ocupadas: 2.')).toBeInTheDocument();
    await userEvent.type(places, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(
      await screen.findByText('O número de vagas não pode ser menor que as 2 vagas já ocupadas.'),
    ).toHaveAttribute('role', 'alert');
    // Beside its field, which says so to a screen reader, and which has the focus.
    expect(places).toHaveAccessibleDescription(
      /^O número de vagas não pode ser menor que as 2 vagas já ocupadas\. Padrão: 40/,
    );
    expect(places).toHaveAttribute('aria-invalid', 'true');
    expect(places).toHaveFocus();
    // A refusal the API explained is shown, not logged as a fault.
    expect(console.error).not.toHaveBeenCalled();
    // A number field that is not a whole number never reaches the server.
    await userEvent.clear(places);
    await userEvent.type(places, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Vagas: use um número inteiro.')).toHaveAttribute(
      'role',
      'alert',
    );
    // One message at a time: the server's earlier one is gone.
    expect(
      screen.queryByText('O número de vagas não pode ser menor que as 2 vagas já ocupadas.'),
    ).toBeNull();
  });

  it('takes the invite link as WhatsApp shares it, and clears “Configurações salvas.” on the next submit', async () => {
    const settings = UNSET_COURSE_SETTINGS;
    const answer = (stored: typeof settings | { inviteCode: string }) => ({
      slug: 'passe',
      title: 'Passe',
      settings: { ...settings, ...stored },
      defaults: {
        places: 40,
        inviteCode: null,
        firstMeeting: '2026-03-07',
        weekday: 'sábado',
        time: '17:30',
        count: 3,
        durationMinutes: 90,
        room: null,
      },
      taken: 2,
      weekday: 'sábado',
      classId: K1,
    });
    const calls = stubApi(['coordenacao'], {
      'GET /api/staff/courses/passe/settings': () => Response.json(answer(settings)),
      'POST /api/staff/courses/passe/settings': () =>
        Response.json(answer({ inviteCode: 'Fh3kQm9ZpL2xW7vB1nT4yR' })),
    });
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe&aba=configuracoes',
      path: '/equipe',
      auth: signedIn(),
    });
    const invite = await screen.findByLabelText('Convite do grupo de WhatsApp');
    expect(invite).toHaveAccessibleDescription(/^Ainda sem convite/);
    await userEvent.type(
      invite,
      'https://chat.whatsapp.com/Fh3kQm9ZpL2xW7vB1nT4yR?mode=ems_copy_t',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      inviteCode: 'Fh3kQm9ZpL2xW7vB1nT4yR',
    });
    // Saved: nobody is told the link comes later any more.
    expect(screen.getByLabelText('Convite do grupo de WhatsApp')).not.toHaveAccessibleDescription(
      /Ainda sem convite/,
    );
    await userEvent.type(screen.getByLabelText('Número de encontros'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Número de encontros: use um número inteiro.')).toBeVisible();
    expect(screen.queryByText('Configurações salvas.')).toBeNull();
  });

  it('lists the classes; a concluded one shows its participants without removal', async () => {
    stubApi(['coordenacao'], {}, [
      staffClass(K1, 'Turma 2026/1', 'concluded'),
      staffClass(K2, 'Turma 2026/2', 'open'),
    ]);
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: `/equipe?curso=passe&turma=${K2}&aba=turmas`,
      path: '/equipe',
      auth: signedIn(),
    });
    const list = await screen.findByRole('list', { name: 'Turmas do curso' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Turma 2026/1ConcluídaInscritos: 0 de 40 vagasPrimeiro encontro: 07/03/2026Reabrir turma',
      'Turma 2026/2Inscrições abertasInscritos: 2 de 40 vagasPrimeiro encontro: 07/03/2026Encerrar turma',
    ]);
    await userEvent.click(within(list).getByRole('link', { name: 'Turma 2026/1' }));
    expect(await screen.findByRole('table', { name: 'Participantes de Passe' })).toBeVisible();
    expect(
      screen.getByText(
        'Turma concluída: participantes, presença e configurações ficam apenas para consulta.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
  });

  it("says 'Inscrições abertas' of an open class only once its enrolment has opened", async () => {
    stubApi(['coordenacao'], {}, [
      {
        ...staffClass(K1, 'Turma 2099/1', 'open'),
        places: 2,
        taken: 0,
        opensAt: '2099-02-01T22:30:00.000Z',
      },
    ]);
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: `/equipe?curso=passe&turma=${K1}&aba=turmas`,
      path: '/equipe',
      auth: signedIn(),
    });
    const list = await screen.findByRole('list', { name: 'Turmas do curso' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Turma 2099/1Inscrições ainda não abertasAbrem em 01/02/2099 às 19h30Inscritos: 0 de 2 vagas',
    );
    const figures = screen.getAllByText('Inscritos: 0 de 2 vagas')[0]?.parentElement;
    expect(figures).toHaveTextContent(
      'Turma 2099/1Inscrições ainda não abertasInscritos: 0 de 2 vagas',
    );
    expect(screen.queryByText('Inscrições abertas')).toBeNull();
  });

  it("creates 'Nova turma' from the proposal as edited, a problem beside its field", async () => {
    const calls = stubApi(['coordenacao'], {
      'POST /api/staff/courses/passe/classes': () =>
        Response.json({ class: staffClass(K2, 'Turma 2027/1', 'planned') }),
    });
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe&aba=turmas',
      path: '/equipe',
      auth: signedIn(),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Nova turma' }));
    const name = screen.getByLabelText('Nome da turma');
    expect(name).toHaveValue('Turma 2026/2');
    expect(screen.getByLabelText('Primeiro encontro')).toHaveValue('2026-09-12');
    const places = screen.getByLabelText('Vagas');
    await userEvent.clear(places);
    await userEvent.click(screen.getByRole('button', { name: 'Criar turma' }));
    expect(places).toHaveAccessibleDescription('Vagas: use um número inteiro, pelo menos 1.');
    expect(places).toHaveFocus();
    await userEvent.type(places, '2');
    await userEvent.clear(name);
    await userEvent.type(name, 'Turma 2027/1');
    await userEvent.click(screen.getByRole('button', { name: 'Criar turma' }));
    expect(await screen.findByText('Turma 2027/1 criada (planejada).')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Turma 2027/1',
      places: 2,
      opensAt: '2026-08-01T09:00',
      closesAt: null,
      firstMeeting: '2026-09-12',
    });
  });

  it("asks before 'Encerrar turma', saying what it does, then says how many concluded", async () => {
    const calls = stubApi(['coordenacao'], {
      [`POST /api/staff/courses/passe/classes/${K1}/conclude`]: () =>
        Response.json({
          completions: [
            { personId: 'u1', concluded: true },
            { personId: 'u2', concluded: false },
          ],
        }),
    });
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe&aba=turmas',
      path: '/equipe',
      auth: signedIn(),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Encerrar turma Turma 2026/1' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Encerrar Turma 2026/1?' });
    expect(dialog).toHaveAccessibleDescription(/deixa de ocupar vagas/);
    expect(dialog).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar encerramento' }));
    expect(
      await screen.findByText('Turma 2026/1 encerrada: 1 participante concluiu e 1 não concluiu.'),
    ).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ confirm: true });
  });

  it('asks again with the meetings left before the last one, and reopens a class concluded by mistake', async () => {
    const remain =
      'Ainda faltam 2 encontros desta turma (o último em 14/03/2099). Se encerrar agora, cada participante recebe o resultado só com a presença marcada até hoje. Confirme de novo para encerrar mesmo assim.';
    let concluded = false;
    const underWay: StaffClass = {
      ...staffClass(K1, 'Turma 2026/1', 'open'),
      schedule: [
        { date: '2026-03-07', start: '2026-03-07T18:00:00.000Z' },
        { date: '2099-03-07', start: '2099-03-07T18:00:00.000Z' },
        { date: '2099-03-14', start: '2099-03-14T18:00:00.000Z' },
      ],
    };
    const calls = stubApi(
      ['coordenacao'],
      {
        [`POST /api/staff/courses/passe/classes/${K1}/conclude`]: () => {
          if (calls.filter((c) => c.url.endsWith('/conclude')).length === 1) {
            return Response.json(
              { error: 'class_meetings_remain', message: remain },
              { status: 409 },
            );
          }
          concluded = true;
          return Response.json({ completions: [{ personId: 'u1', concluded: false }] });
        },
      },
      [underWay],
    );
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe&aba=turmas',
      path: '/equipe',
      auth: signedIn(),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Encerrar turma Turma 2026/1' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Encerrar Turma 2026/1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar encerramento' }));
    // The server's count, in the dialog, which asks again.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(remain);
    expect(concluded).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Encerrar mesmo assim' }));
    expect(
      await screen.findByText(
        'Turma 2026/1 encerrada: 0 participantes concluíram e 1 não concluiu.',
      ),
    ).toBeVisible();
    expect(calls.filter((c) => c.url.endsWith('/conclude')).map((c) => c.body)).toEqual([
      { confirm: true },
      { confirm: true, meetingsRemaining: 2 },
    ]);
  });

  it('reopens a concluded class after saying what it withdraws and who is told', async () => {
    const calls = stubApi(
      ['coordenacao'],
      {
        [`POST /api/staff/courses/passe/classes/${K1}/reopen`]: () =>
          Response.json({ class: staffClass(K1, 'Turma 2026/1', 'running') }),
      },
      [staffClass(K1, 'Turma 2026/1', 'concluded')],
    );
    renderWithRouter(<StaffArea sections={staffSections} />, {
      url: '/equipe?curso=passe&aba=turmas',
      path: '/equipe',
      auth: signedIn(),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reabrir turma Turma 2026/1' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Reabrir Turma 2026/1?' });
    expect(dialog).toHaveAccessibleDescription(/resultados .* são retirados/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reabertura' }));
    expect(
      await screen.findByText('Turma 2026/1 reaberta. Os participantes foram avisados por e-mail.'),
    ).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ confirm: true });
  });
});
