/**
 * Attendance at the door: dated meetings, today's first, no marks ahead, 'Marcar todos'; a mark the
 * server refuses is not left ticked.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/components/toasts/notify';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { AttendancePanel } from './attendance-panel';

// Tuesdays at 19:30 in São Paulo (22:30 UTC).
const schedule = ['2026-03-03', '2026-03-10', '2026-03-17'].map((date) => ({
  date,
  start: `${date}T22:30:00.000Z`,
}));

vi.mock('~/components/toasts/notify', () => ({
  notify: vi.fn(() => Promise.resolve()),
}));

const READ_ONLY =
  'Esta turma foi encerrada: participantes, presença e configurações ficam apenas para consulta.';

/** The API of a class whose marks are taken, or refused as those of a class concluded meanwhile. */
function stubApi(answer: 'taken' | 'refused' = 'taken') {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const meeting = Number(url.split('?')[0]?.split('/').pop());
    if (init.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return answer === 'taken'
        ? Response.json({ ok: true })
        : Response.json({ error: 'conflict', message: READ_ONLY }, { status: 409 });
    }
    return Response.json({
      meeting,
      date: schedule[meeting - 1]?.date,
      marks: [
        { personId: 'u1', name: 'Ana Souza', present: false },
        { personId: 'u2', name: 'José Ávila', present: null },
      ],
      guests: [],
    });
  });
  return posts;
}

const signedIn = () =>
  authValue({
    status: 'signed-in',
    getUser: vi.fn(async () => ({
      user: { id: 'me', displayName: 'Eu', mail: null, mobilePhone: null, birthday: null },
      token: 'staff-token',
    })),
  });

const staffClass = {
  id: 'k1',
  name: 'Turma 2026/1',
  state: 'running' as const,
  places: 30,
  taken: 2,
  firstMeeting: '2026-03-03',
  opensAt: null,
  closesAt: null,
  schedule,
  meetings: {
    firstMeeting: '2026-03-03',
    weekday: 'tuesday',
    time: '19:30',
    durationMinutes: 90,
    count: 3,
    room: null,
  },
  dates: [],
};
const panel = { slug: 'passe', staffClass, coordination: true, onChanged: () => {} };

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('AttendancePanel', () => {
  it("opens on today's meeting, refuses it until an hour before, and marks everyone of a past one", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Noon of Tuesday 10 March in São Paulo: the 2nd meeting is today, at 19h30.
    vi.setSystemTime(new Date('2026-03-10T15:00:00Z'));
    const posts = stubApi();
    renderWithRouter(<AttendancePanel {...panel} />, {
      url: '/equipe',
      auth: signedIn(),
    });
    const menu = screen.getByLabelText('Encontro');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1º encontro — ter, 03/03', '2º encontro — ter, 10/03', '3º encontro — ter, 17/03']);
    expect(menu).toHaveValue('2');
    expect(
      await screen.findByText(
        'Este encontro ainda não aconteceu: a presença pode ser marcada a partir de ter, 10/03, às 18h30.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Ana Souza' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Marcar todos como presentes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Salvar presença' })).toBeDisabled();

    await userEvent.selectOptions(menu, '1');
    const all = await screen.findByRole('button', { name: 'Marcar todos como presentes' });
    expect(all).toBeEnabled();
    expect(screen.queryByText(/ainda não aconteceu/)).not.toBeInTheDocument();
    await userEvent.click(all);
    expect(
      await screen.findByText(
        '2 participantes marcados como presentes no 1º encontro. Se alguém faltou, desmarque o nome e clique em “Salvar presença”.',
      ),
    ).toBeInTheDocument();
    expect(posts).toEqual([
      {
        url: '/api/staff/courses/passe/attendance/1?turma=k1',
        body: {
          marks: [
            { personId: 'u1', present: true, markedAt: expect.any(String) },
            { personId: 'u2', present: true, markedAt: expect.any(String) },
          ],
        },
      },
    ]);
    expect(screen.getByRole('checkbox', { name: 'José Ávila' })).toBeChecked();
    expect(screen.getByText(/2 de 2 presentes/)).toBeInTheDocument();
  });

  it('unticks a mark the server refused for good, whether ticked or saved, and says why', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The evening of the 3rd meeting: every meeting can be marked.
    vi.setSystemTime(new Date('2026-03-17T22:00:00Z'));
    const posts = stubApi('refused');
    renderWithRouter(<AttendancePanel {...panel} />, { url: '/equipe', auth: signedIn() });
    const ana = await screen.findByRole('checkbox', { name: 'Ana Souza' });
    const dropped = `${READ_ONLY} 1 marcação feita neste aparelho não foi aceita e foi descartada.`;

    await userEvent.click(ana);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', dropped));
    expect(posts).toHaveLength(1);
    expect(ana).not.toBeChecked();
    expect(screen.getByText(/0 de 2 presentes/)).toBeInTheDocument();
    expect(screen.queryByText(/a enviar/)).not.toBeInTheDocument();

    // Ticked, then saved with the rest: both requests refused, nobody left ticked.
    await userEvent.click(screen.getByRole('checkbox', { name: 'José Ávila' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar presença' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'error',
        `${READ_ONLY} 2 marcações feitas neste aparelho não foram aceitas e foram descartadas.`,
      ),
    );
    expect(screen.getByRole('checkbox', { name: 'José Ávila' })).not.toBeChecked();
    expect(screen.getByText(/0 de 2 presentes/)).toBeInTheDocument();
    expect(notify).not.toHaveBeenCalledWith('success', expect.anything());
  });

  it('sends a mark even when the device refuses to store it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-17T22:00:00Z'));
    // A private window or a full disk: every write to localStorage throws.
    const refuse = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    try {
      const posts = stubApi('taken');
      renderWithRouter(<AttendancePanel {...panel} />, { url: '/equipe', auth: signedIn() });
      const ana = await screen.findByRole('checkbox', { name: 'Ana Souza' });
      await userEvent.click(ana);
      await waitFor(() => expect(posts).toHaveLength(1));
      expect(posts[0]?.body).toMatchObject({ marks: [{ personId: 'u1', present: true }] });
      expect(ana).toBeChecked();
      expect(screen.queryByText(/a enviar/)).not.toBeInTheDocument();
    } finally {
      refuse.mockRestore();
    }
  });
});
