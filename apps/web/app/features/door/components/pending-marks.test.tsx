/**
 * Marks kept on a phone for a class the volunteer no longer has (decision 098): sent from the
 * staff area even when no role is left, refused by the server, dropped from the device, and the
 * volunteer told why and how many.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/components/toasts/notify';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { queueStorageKey } from '../attendance-queue';
import { PendingMarks } from './pending-marks';

vi.mock('~/components/toasts/notify', () => ({
  notify: vi.fn(() => Promise.resolve()),
}));

const REFUSED =
  'Você não é monitor(a) desta turma (ou deixou de ser): não pode ver os participantes nem marcar a presença dela.';

afterEach(() => {
  localStorage.clear();
});

describe('marks for a class taken back', () => {
  it('are refused when sent, dropped from the device, and the volunteer told', async () => {
    const mark = (personId: string) => ({
      slug: 'passe',
      classId: '00000000-0000-4000-8000-000000000001',
      meeting: 1,
      personId,
      present: true,
      markedAt: '2026-11-28T10:00:00.000Z',
    });
    localStorage.setItem(queueStorageKey('me'), JSON.stringify([mark('u1'), mark('u2')]));
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(url);
      return Response.json({ error: 'forbidden', message: REFUSED }, { status: 403 });
    });
    renderWithRouter(<PendingMarks />, {
      auth: authValue({
        status: 'signed-in',
        getUser: vi.fn(async () => ({
          user: { id: 'me', displayName: 'Eu', mail: null, mobilePhone: null, birthday: null },
          token: 'staff-token',
        })),
      }),
    });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'error',
        `${REFUSED} 2 marcações feitas neste aparelho não foram aceitas e foram descartadas.`,
      ),
    );
    expect(sent).toHaveLength(1);
    expect(localStorage.getItem(queueStorageKey('me'))).toBeNull();
  });
});
