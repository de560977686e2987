import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext } from '~/auth/auth-context';
import { notify } from '~/components/toasts/notify';
import { signedIn, testUser } from '~/test/auth';
import type { EnrolmentCourse } from '../types';
import { FinishEnrolmentButton } from './finish-enrolment-button';

vi.mock('~/components/toasts/notify', () => ({
  notify: vi.fn(async () => 'toast'),
  prepareToasts: vi.fn(),
}));

// The sequence's code as the press loads it (enrol.ts): while `offline`, the load fails as a dynamic
// import does when the connection has dropped. No static import of it here: the press loads it.
const connection = vi.hoisted(() => ({ offline: false }));
vi.mock('../enrol', async (importOriginal) => {
  if (connection.offline) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

const course: EnrolmentCourse = {
  programme: { name: 'Global Kardec', path: '/global-kardec', slug: 'global-kardec' },
  slug: 'passe',
  title: 'Passe',
  groupId: 'group-passe',
  inviteCode: 'INVITEpasse',
};

const calls: string[] = [];

function renderButton() {
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    if (url === '/api/group/add') {
      return Response.json({
        data: { course: 'passe', group: 'group-passe', status: 'enrolled', alreadyEnrolled: false },
      });
    }
    return Response.json({ data: testUser });
  });
  const router = createMemoryRouter(
    [
      { path: '/global-kardec/passe', element: <FinishEnrolmentButton course={course} /> },
      { path: '/global-kardec/matricula-finalizada', element: <p>confirmação</p> },
    ],
    { initialEntries: ['/global-kardec/passe'] },
  );
  render(
    <AuthContext value={signedIn()}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
}

beforeEach(() => {
  calls.length = 0;
  vi.mocked(notify).mockClear();
});

describe("'Finalizar inscrição', whose sequence loads at the press", () => {
  it('warns when the code cannot load, and the next press loads it and enrols', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    connection.offline = true;
    renderButton();
    const button = screen.getByRole('button', { name: 'Finalizar inscrição' });
    await userEvent.click(button);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'warning',
        'Erro ao carregar dados. Por favor tente novamente!',
      ),
    );
    expect(calls).toEqual([]);
    expect(console.error).toHaveBeenCalledOnce();
    vi.mocked(console.error).mockClear();
    await waitFor(() => expect(button).toBeEnabled());

    // The connection is back: the same button, pressed once more, enrols.
    connection.offline = false;
    await userEvent.click(button);
    await screen.findByText('confirmação');
    // The record holds the phone already: only the birth date and the group are written.
    expect(calls).toEqual(['/api/user/update/security-attributes', '/api/group/add']);
  });
});
