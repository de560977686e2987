import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthContext } from '~/auth/auth-context';
import { authValue, signedIn } from '~/test/auth';
import { AuthButton } from './auth-button';

describe('AuthButton', () => {
  it("is 'Acessar' while signed out and starts the sign-in", async () => {
    const auth = authValue();
    render(
      <AuthContext value={auth}>
        <AuthButton />
      </AuthContext>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    expect(auth.signIn).toHaveBeenCalledOnce();
  });

  it("is 'Sair' while signed in and signs out", async () => {
    const auth = signedIn();
    render(
      <AuthContext value={auth}>
        <AuthButton />
      </AuthContext>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(auth.signOut).toHaveBeenCalledOnce();
  });

  it("shows 'Acessar' while the session is being restored", () => {
    render(
      <AuthContext value={authValue({ status: 'loading' })}>
        <AuthButton />
      </AuthContext>,
    );
    expect(screen.getByRole('button', { name: 'Acessar' })).toBeInTheDocument();
  });

  it('is disabled while a sign-in or sign-out is under way', () => {
    const { rerender } = render(
      <AuthContext value={authValue({ interactionStatus: 'login' })}>
        <AuthButton />
      </AuthContext>,
    );
    expect(screen.getByRole('button', { name: 'Acessar' })).toBeDisabled();
    rerender(
      <AuthContext value={authValue({ status: 'signed-in', interactionStatus: 'logout' })}>
        <AuthButton />
      </AuthContext>,
    );
    expect(screen.getByRole('button', { name: 'Sair' })).toBeDisabled();
  });

  it('stays enabled as prerendered until the page has started', () => {
    render(
      <AuthContext value={authValue({ status: 'loading', interactionStatus: 'startup' })}>
        <AuthButton />
      </AuthContext>,
    );
    expect(screen.getByRole('button', { name: 'Acessar' })).toBeEnabled();
  });
});
