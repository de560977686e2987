import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authValue, signedIn } from '~/test/auth';
import { AuthContext } from './auth-context';
import { SignedInOnly } from './signed-in-only';

function renderGate(auth = authValue()) {
  return render(
    <AuthContext value={auth}>
      <SignedInOnly fallback={<p>404</p>} pending={<p>Carregando</p>}>
        <p>Perfil</p>
      </SignedInOnly>
    </AuthContext>,
  );
}

describe('SignedInOnly', () => {
  it('shows the fallback to anyone signed out', () => {
    renderGate();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.queryByText('Perfil')).not.toBeInTheDocument();
  });

  it('shows the screen to a signed-in person', () => {
    renderGate(signedIn());
    expect(screen.getByText('Perfil')).toBeInTheDocument();
  });

  it('waits while the auth state is restored', () => {
    renderGate(authValue({ status: 'loading' }));
    expect(screen.getByText('Carregando')).toBeInTheDocument();
  });
});
