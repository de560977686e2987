import { useAuth } from '~/auth/use-auth';

/** 'Acessar' while signed out, 'Sair' while signed in (spec section 2). */
export function AuthButton() {
  const { status, signIn, signOut } = useAuth();
  if (status === 'signed-in') {
    return (
      <button type="button" className="btn btn-outline" onClick={() => void signOut()}>
        Sair
      </button>
    );
  }
  return (
    <button type="button" className="btn btn-primary" onClick={() => void signIn()}>
      Acessar
    </button>
  );
}
