import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext } from '~/auth/auth-context';
import type { AuthContextValue, AuthUser } from '~/auth/types';
import { notify } from '~/components/toasts/notify';
import { incompleteMessages } from '../enrol';
import type { EnrolmentCourse } from '../types';
import { authValue, signedIn, testUser } from '~/test/auth';
import { EnrolButton } from './enrol-button';
import { FinishEnrolmentButton } from './finish-enrolment-button';

vi.mock('~/components/toasts/notify', () => ({
  notify: vi.fn(async () => 'toast'),
  prepareToasts: vi.fn(),
}));

const course: EnrolmentCourse = {
  programme: { name: 'Global Kardec', path: '/global-kardec', slug: 'global-kardec' },
  slug: 'passe',
  title: 'Passe',
  groupId: 'group-passe',
  inviteCode: 'INVITEpasse',
};

/**
 * The course page's button in a router that knows the confirmation and profile pages: 'Quero me
 * inscrever' while signed out, 'Finalizar inscrição' (as the course route gives it) when signed in.
 */
function renderButton(auth: AuthContextValue) {
  const button =
    auth.status === 'signed-in' ? <FinishEnrolmentButton course={course} /> : <EnrolButton />;
  const router = createMemoryRouter(
    [
      { path: '/global-kardec/passe', element: button },
      { path: '/global-kardec/matricula-finalizada', element: <p>confirmação</p> },
      { path: '/perfil', element: <p>perfil</p> },
    ],
    { initialEntries: ['/global-kardec/passe'] },
  );
  render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return router;
}

type Answer = () => Response | Promise<Response>;
const calls: { url: string; body: Record<string, unknown> }[] = [];

/** Answers the API calls in order of their paths; records each call. */
function stubApi(answers: Partial<Record<string, Answer>> = {}) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    const answer = answers[url];
    if (answer) return answer();
    if (url === '/api/group/add') {
      return Response.json({
        data: { course: 'passe', group: 'group-passe', status: 'enrolled', alreadyEnrolled: false },
      });
    }
    return Response.json({ data: testUser });
  });
}

const signedInAs = (user: Partial<AuthUser>) =>
  authValue({ status: 'signed-in', authUser: { ...testUser, ...user } });

/** Expects one console.error, then forgets it (the test setup fails a test on any other). */
function expectLoggedError() {
  expect(console.error).toHaveBeenCalledOnce();
  vi.mocked(console.error).mockClear();
}

beforeEach(() => {
  calls.length = 0;
  vi.mocked(notify).mockClear();
});

describe('EnrolButton', () => {
  it("is 'Quero me inscrever' while signed out and starts the account creation", async () => {
    const auth = authValue();
    renderButton(auth);
    await userEvent.click(screen.getByRole('button', { name: 'Quero me inscrever' }));
    expect(auth.signUp).toHaveBeenCalledOnce();
  });

  it('is disabled while the person is being sent to the provider', () => {
    renderButton(authValue({ interactionStatus: 'login' }));
    expect(screen.getByRole('button', { name: 'Quero me inscrever' })).toBeDisabled();
  });
});

describe("'Finalizar inscrição'", () => {
  it('writes the phone and birth date that differ from the record, then adds to the group, then confirms', async () => {
    stubApi();
    const router = renderButton(
      signedInAs({ mobilePhone: null, extensionCelular: '(11) 91234-5678', birthday: '25121990' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar inscrição' }));
    await screen.findByText('confirmação');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user/update',
      '/api/user/update/security-attributes',
      '/api/group/add',
    ]);
    expect(calls[0]?.body).toEqual({
      id: 'user-1',
      token: 'token',
      param: 'mobilePhone',
      value: '+55 11 91234-5678',
    });
    expect(calls[1]?.body).toEqual({ id: 'user-1', token: 'token', data_nascimento: '25/12/1990' });
    expect(calls[2]?.body).toEqual({ group: 'group-passe', user: 'user-1', token: 'token' });
    expect(router.state.location.state).toEqual({
      user: { id: 'user-1', displayName: 'Maria da Silva' },
      course: {
        slug: 'passe',
        title: 'Passe',
        programme: { name: 'Global Kardec', path: '/global-kardec' },
      },
      groupLink: 'https://chat.whatsapp.com/INVITEpasse',
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('makes one write, the group, when the record already holds the phone and birth date', async () => {
    stubApi();
    const auth = signedInAs({ dataNascimento: '01/02/1990' });
    renderButton(auth);
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar inscrição' }));
    await screen.findByText('confirmação');
    expect(calls.map((c) => c.url)).toEqual(['/api/group/add']);
    expect(auth.setAuthUser).not.toHaveBeenCalled();
  });

  it('confirms the enrolment with a notice when the directory keeps the account from changes', async () => {
    const refusal =
      'Os dados desta conta não podem ser alterados pelo site, porque ela tem uma função de administrador no Microsoft Entra ou é mantida pelo diretório da sua organização. Peça ao administrador da sua organização para alterá-los.';
    stubApi({
      '/api/user/update': () =>
        Response.json({ error: 'protected_account', message: refusal }, { status: 403 }),
    });
    const router = renderButton(signedInAs({ mobilePhone: '21998765432' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar inscrição' }));
    await screen.findByText('confirmação');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user/update',
      '/api/user/update/security-attributes',
      '/api/group/add',
    ]);
    expect(router.state.location.state).toMatchObject({ profileNotice: refusal });
    expect(notify).not.toHaveBeenCalled();
  });

  it('stops at the first failure with the warning toast and a console error, taking no place', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    stubApi({ '/api/user/update/security-attributes': () => new Response('', { status: 502 }) });
    const router = renderButton(signedIn());
    const button = screen.getByRole('button', { name: 'Finalizar inscrição' });
    await userEvent.click(button);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'warning',
        'Erro ao carregar dados. Por favor tente novamente!',
      ),
    );
    expect(calls.map((c) => c.url)).toEqual(['/api/user/update/security-attributes']);
    expect(router.state.location.pathname).toBe('/global-kardec/passe');
    await waitFor(() => expect(button).toBeEnabled());
    expectLoggedError();
  });

  it("shows 'Vagas esgotadas para este curso.' for a full course", async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    stubApi({
      '/api/group/add': () =>
        Response.json(
          { error: 'course_full', message: 'Vagas esgotadas para este curso.' },
          { status: 409 },
        ),
    });
    renderButton(signedIn());
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar inscrição' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('warning', 'Vagas esgotadas para este curso.'),
    );
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user/update/security-attributes',
      '/api/group/add',
    ]);
    expectLoggedError();
  });

  it("tells a person without the course's prerequisites which courses come first, in the box, the button disabled", async () => {
    const message =
      'Este curso é para quem concluiu: Nosso Lar. Você fez Nosso Lar aqui e esteve em 5 de 10 encontros; para concluir são precisos pelo menos 75 % (8 encontros). Faça Nosso Lar de novo numa próxima turma ou fale com a secretaria.';
    stubApi({
      '/api/group/add': () =>
        Response.json({ error: 'prerequisite_missing', message }, { status: 409 }),
    });
    renderButton(signedIn());
    const button = screen.getByRole('button', { name: 'Finalizar inscrição' });
    await userEvent.click(button);
    // It stays where the person looks, not in a toast that goes: their situation, not a failure.
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(message);
    expect(notify).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
  });

  it.each([
    ['phone', { mobilePhone: null, extensionCelular: null }, incompleteMessages.phone],
    ['phone', { mobilePhone: '123' }, incompleteMessages.phone],
    ['birth date', { birthday: null, extensionDataNascimento: null }, incompleteMessages.birthDate],
    ['birth date', { birthday: '31/02/1990' }, incompleteMessages.birthDate],
  ])(
    'sends a person with a missing or invalid %s to /perfil, enrolling nothing',
    async (_, user, message) => {
      stubApi();
      const router = renderButton(signedInAs(user));
      await userEvent.click(screen.getByRole('button', { name: 'Finalizar inscrição' }));
      await screen.findByText('perfil');
      expect(router.state.location.pathname).toBe('/perfil');
      expect(notify).toHaveBeenCalledWith('info', message);
      expect(calls).toEqual([]);
    },
  );

  it('is disabled while the sequence runs: a double click enrols once', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubApi({
      '/api/group/add': async () => {
        await held;
        return Response.json({
          data: {
            course: 'passe',
            group: 'group-passe',
            status: 'enrolled',
            alreadyEnrolled: false,
          },
        });
      },
    });
    renderButton(signedIn());
    const button = screen.getByRole('button', { name: 'Finalizar inscrição' });
    await userEvent.dblClick(button);
    await waitFor(() => expect(button).toBeDisabled());
    release();
    await screen.findByText('confirmação');
    expect(calls.filter((c) => c.url === '/api/group/add')).toHaveLength(1);
  });
});
