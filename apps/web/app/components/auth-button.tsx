/** The header's button: 'Acessar' while signed out, 'Sair' while signed in (spec section 2). */
import { useAuth, useInteractionInProgress } from '~/auth/use-auth';

/**
 * 'Acessar' while signed out, 'Sair' while signed in (spec section 2). Disabled while a sign-in or
 * sign-out is under way: the person is being sent to the identity provider.
 */
export function AuthButton() {
  const { status, signIn, signOut } = useAuth();
  const busy = useInteractionInProgress();
  if (status === 'signed-in') {
    return (
      <button
        type="button"
        className="btn btn-outline"
        disabled={busy}
        onClick={() => void signOut()}
      >
        Sair
      </button>
    );
  }
  return (
    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void signIn()}>
      Acessar
    </button>
  );
}
