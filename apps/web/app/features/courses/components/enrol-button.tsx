import { useAuth, useInteractionInProgress } from '~/auth/use-auth';

/**
 * The course page's button: 'Quero me inscrever' while signed out (account creation at the identity
 * provider), 'Finalizar inscrição' while signed in (the enrolment sequence).
 */
export function EnrolButton() {
  const { status, signUp } = useAuth();
  const busy = useInteractionInProgress();
  if (status === 'signed-in') {
    // Filled in by the enrolment issue (#5)
    const enrol = () => console.info('Inscrição: disponível em breve.');
    return (
      <button type="button" className="btn btn-accent enrol__button" onClick={enrol}>
        Finalizar inscrição
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-accent enrol__button"
      disabled={busy}
      onClick={() => void signUp()}
    >
      Quero me inscrever
    </button>
  );
}
