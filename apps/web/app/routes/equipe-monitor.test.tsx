/**
 * Monitor(a) in the staff area (decision 098): only their class, to read and mark, and no tab of
 * the centre; several classes listed; and the roles screen granting a class and asking before
 * taking one back.
 */
import type { StaffClass, StaffMonitoredClass } from '@centro/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StaffArea } from '~/features/staff/components/staff-area';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { staffSections } from './equipe';

const K1 = '00000000-0000-4000-8000-000000000001';
const K2 = '00000000-0000-4000-8000-000000000002';

const staffClass = (id: string, name: string): StaffClass => ({
  id,
  name,
  state: 'open',
  places: 40,
  taken: 1,
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
    room: null,
  },
  dates: [],
});
const passe: StaffMonitoredClass = {
  slug: 'passe',
  title: 'Passe',
  class: staffClass(K1, '2026.1'),
};
const lar: StaffMonitoredClass = {
  slug: 'nosso-lar',
  title: 'Nosso Lar',
  class: staffClass(K2, '2026.2'),
};

/** The API as the server answers these screens (`answers`: by "METHOD path"). */
function stubApi(answers: Record<string, unknown>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url.split('?')[0]}`];
    return answer === undefined
      ? Response.json({ error: 'forbidden', message: 'Recusado.' }, { status: 403 })
      : Response.json(answer);
  });
  return calls;
}
const me = (roles: string[], classes: StaffMonitoredClass[]) => ({
  id: 'me',
  name: 'Eu',
  roles,
  classes,
});
const signedIn = () =>
  authValue({
    status: 'signed-in',
    getUser: vi.fn(async () => ({
      user: { id: 'me', displayName: 'Eu', mail: null, mobilePhone: null, birthday: null },
      token: 'staff-token',
    })),
  });
const open = (url: string) =>
  renderWithRouter(<StaffArea sections={staffSections} />, {
    url,
    path: '/equipe',
    auth: signedIn(),
  });

describe('Monitor(a) in the staff area', () => {
  it('opens their one class with its participants, no tabs of the centre and no exports', async () => {
    const calls = stubApi({
      'GET /api/staff/me': me(['monitor'], [passe]),
      'GET /api/staff/courses/passe/participants': {
        course: { slug: 'passe', title: 'Passe' },
        participants: [
          {
            id: 'u1',
            name: 'Ana Souza',
            email: 'ana@example.org',
            celular: '',
            enrolledAt: '2026-03-02T15:00:00.000Z',
            status: 'confirmed',
            atDesk: false,
          },
        ],
        waiting: [],
      },
    });
    open('/equipe');
    expect(await screen.findByRole('heading', { level: 2, name: 'Passe' })).toBeInTheDocument();
    expect(screen.getByText('Sua função: Monitor(a)')).toBeInTheDocument();
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Seções da equipe' })).toBeNull();
    const tabs = screen.getByRole('navigation', { name: 'Seções da turma' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Participantes', 'Presença']);
    expect(screen.queryByRole('button', { name: /Baixar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mover|Remover/ })).toBeNull();
    // Nothing the server would refuse them is asked for.
    expect(calls.map((c) => c.url.split('?')[0])).toEqual([
      '/api/staff/me',
      '/api/staff/courses/passe/participants',
    ]);
    expect(calls[1]?.url).toContain(`turma=${K1}`);
  });

  it('lists their classes when they hold several, each opening on its own', async () => {
    stubApi({ 'GET /api/staff/me': me(['monitor'], [lar, passe]) });
    open('/equipe');
    expect(await screen.findByRole('heading', { name: 'Minhas turmas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Passe/ })).toHaveAttribute(
      'href',
      `/equipe?curso=passe&turma=${K1}`,
    );
  });
});

describe('the roles screen and Monitor(a)', () => {
  it('grants a class, and asks before taking one class back', async () => {
    const calls = stubApi({
      'GET /api/staff/me': me(['coordenacao'], []),
      'GET /api/staff/roles': {
        people: [
          {
            id: 'u9',
            name: 'Caio Reis',
            email: 'caio@example.org',
            roles: ['monitor'],
            admin: false,
            monitors: [{ id: K1, slug: 'passe', title: 'Passe', name: '2026.1' }],
          },
        ],
        classes: [
          { id: K1, slug: 'passe', title: 'Passe', name: '2026.1' },
          { id: K2, slug: 'nosso-lar', title: 'Nosso Lar', name: '2026.2' },
        ],
      },
      'POST /api/staff/roles/grant': { ok: true },
      'POST /api/staff/roles/revoke': { ok: true },
    });
    open('/equipe?secao=funcoes');
    await userEvent.type(await screen.findByLabelText('E-mail da conta'), 'bia@example.org');
    await userEvent.selectOptions(screen.getByLabelText('Função'), 'Monitor(a)');
    await userEvent.selectOptions(screen.getByLabelText('Turma'), 'Nosso Lar — 2026.2');
    await userEvent.click(screen.getByRole('button', { name: 'Conceder' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/staff/roles/grant',
        method: 'POST',
        body: { email: 'bia@example.org', role: 'monitor', classId: K2 },
      }),
    );

    const name = 'Retirar Monitor(a) de Passe (2026.1) de Caio Reis';
    await userEvent.click(await screen.findByRole('button', { name }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Retirar a função Monitor(a) de Passe (2026.1) de Caio Reis?',
    );
    expect(calls.some((c) => c.url === '/api/staff/roles/revoke')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar retirada' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/staff/roles/revoke',
        method: 'POST',
        body: { personId: 'u9', role: 'monitor', classId: K1 },
      }),
    );
  });
});
