import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthContext } from '~/auth/auth-context';
import { authValue, signedIn } from '~/test/auth';
import { EnrolButton } from './enrol-button';

describe('EnrolButton', () => {
  it("is 'Quero me inscrever' while signed out and starts the account creation", async () => {
    const auth = authValue();
    render(
      <AuthContext value={auth}>
        <EnrolButton />
      </AuthContext>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Quero me inscrever' }));
    expect(auth.signUp).toHaveBeenCalledOnce();
  });

  it('is disabled while the person is being sent to the provider', () => {
    render(
      <AuthContext value={authValue({ interactionStatus: 'login' })}>
        <EnrolButton />
      </AuthContext>,
    );
    expect(screen.getByRole('button', { name: 'Quero me inscrever' })).toBeDisabled();
  });

  it("is 'Finalizar inscrição' while signed in", () => {
    render(
      <AuthContext value={signedIn()}>
        <EnrolButton />
      </AuthContext>,
    );
    expect(screen.getByRole('button', { name: 'Finalizar inscrição' })).toBeInTheDocument();
  });
});
