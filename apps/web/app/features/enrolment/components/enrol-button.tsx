import { useInteractionInProgress, useAuth } from '~/auth/use-auth';

/**
 * The course page's 'Quero me inscrever' while nobody is signed in: account creation at the identity
 * provider, disabled while the person is being sent there. A signed-in person gets 'Finalizar
 * inscrição' instead (finish-enrolment-button.tsx, loaded by the course route with their view).
 */
export function EnrolButton() {
  const { signUp } = useAuth();
  const busy = useInteractionInProgress();
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
