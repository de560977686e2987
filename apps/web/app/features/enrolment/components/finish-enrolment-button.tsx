/**
 * 'Finalizar inscrição' (spec section 4): the enrolment sequence, disabled while it runs. Part of a
 * signed-in person's view of the course page, which the course route loads once someone is signed
 * in; the sequence itself (enrol.ts and the calls) loads once the button shows (or at the first
 * press). An anonymous visitor's first load carries neither (the public pages' JavaScript budget).
 */
import type { messages } from '@centro/contracts/messages';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSignInReturn } from '~/auth/sign-in-return';
import { useAuth } from '~/auth/use-auth';
import { notify, prepareToasts } from '~/components/toasts/notify';
import type { enrol } from '../enrol';
import type { EnrolmentCourse } from '../types';

/** What the press needs of enrol.ts. */
interface EnrolModule {
  enrol: typeof enrol;
}

/**
 * `messages.enrolmentFailed` (spec section 8), written out so that the page's first load does not
 * carry the API's table of messages; its type keeps it equal to the table's.
 */
const ENROLMENT_FAILED: (typeof messages)['enrolmentFailed'] =
  'Erro ao carregar dados. Por favor tente novamente!';

let enrolModule: Promise<EnrolModule> | undefined;

/**
 * The enrolment sequence (enrol.ts, the group and update calls, the formatters), loaded on the first
 * press of 'Finalizar inscrição' or as the press begins (pointer down, focus): an anonymous
 * visitor's first load of a course page does not carry it (the public pages' JavaScript budget). One load for every
 * press; a failed load is forgotten, so the next press tries again.
 */
export function loadEnrolment(): Promise<EnrolModule> {
  enrolModule ??= import('../enrol').catch((error: unknown) => {
    enrolModule = undefined;
    throw error;
  });
  return enrolModule;
}

/** Starts the load early, ignoring a failure (the press reports it). */
const preloadEnrolment = () => void loadEnrolment().catch(() => {});

/** The history entry whose way back from the sign-in a button took the focus on (one per entry). */
let focusedAfterSignIn: string | null = null;

export function FinishEnrolmentButton({ course }: { course: EnrolmentCourse }) {
  const { authUser, getUser, setAuthUser } = useAuth();
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);
  /** The prerequisites' refusal: said in the box, the button disabled (decision 077). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalId = useId();
  // A second click in the same tick, before React re-renders the disabled button, is refused too.
  const runningRef = useRef(false);
  // Its failure toast must show even if the connection drops before the click.
  useEffect(prepareToasts, []);
  // The sequence's code too, once the signed-in view shows the button: a module the browser failed
  // to fetch stays failed for the page's life (Chromium keeps failed dynamic imports), so a press
  // during an outage must not be the first fetch. Only signed-in people see this button: an
  // anonymous visitor's first load still carries none of it.
  useEffect(preloadEnrolment, []);
  // Back from the sign-in (or the code of a new account): here, not at the top of the page, is
  // where the person was going (decision 084). The first button of the page takes it.
  const location = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isSignInReturn(location.state) || focusedAfterSignIn === location.key) return;
    focusedAfterSignIn = location.key;
    button.current?.focus({ preventScroll: true });
    button.current?.scrollIntoView({ block: 'center' });
  }, [location]);

  const run = async () => {
    if (runningRef.current) return;
    runningRef.current = true;
    setRunning(true);
    try {
      let sequence: EnrolModule;
      try {
        sequence = await loadEnrolment();
      } catch (error) {
        // The connection dropped before the sequence's code arrived: the spec's enrolment warning.
        console.error('Enrolment failed: its code did not load', error);
        void notify('warning', ENROLMENT_FAILED);
        return;
      }
      const outcome = await sequence.enrol(course, {
        authUser,
        getUser,
        navigate,
        notify,
        setAuthUser,
      });
      if (outcome) setRefusal(outcome.refusal);
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-accent enrol__button"
        disabled={running || refusal !== null}
        aria-busy={running}
        aria-describedby={refusal === null ? undefined : refusalId}
        onPointerDown={preloadEnrolment}
        onFocus={preloadEnrolment}
        onClick={() => void run()}
      >
        Finalizar inscrição
      </button>
      <p id={refusalId} className="enrol__refusal" role="alert" hidden={refusal === null}>
        {refusal}
      </p>
    </>
  );
}
