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
});
