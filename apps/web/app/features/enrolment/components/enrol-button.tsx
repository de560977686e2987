import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth, useInteractionInProgress } from '~/auth/use-auth';
import { notify, prepareToasts } from '~/components/toasts/notify';
import { enrol } from '../enrol';
import type { EnrolmentCourse } from '../types';

/**
 * The course page's button: 'Quero me inscrever' while signed out (account creation at the identity
 * provider), 'Finalizar inscrição' while signed in (the enrolment sequence, disabled while it runs).
 */
export function EnrolButton({ course }: { course: EnrolmentCourse }) {
  const { status, signUp } = useAuth();
  const busy = useInteractionInProgress();
  if (status === 'signed-in') return <FinishEnrolmentButton course={course} />;
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

function FinishEnrolmentButton({ course }: { course: EnrolmentCourse }) {
  const { authUser, getUser } = useAuth();
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);
  // A second click in the same tick, before React re-renders the disabled button, is refused too.
  const runningRef = useRef(false);
  // Its failure toast must show even if the connection drops before the click.
  useEffect(prepareToasts, []);

  const run = async () => {
    if (runningRef.current) return;
    runningRef.current = true;
    setRunning(true);
    try {
      await enrol(course, { authUser, getUser, navigate, notify });
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-accent enrol__button"
      disabled={running}
      aria-busy={running}
      onClick={() => void run()}
    >
      Finalizar inscrição
    </button>
  );
}
