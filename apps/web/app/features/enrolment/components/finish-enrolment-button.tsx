/**
 * 'Finalizar inscrição' (spec section 4): the enrolment sequence, disabled while it runs. Part of a
 * signed-in person's view of the course page, which the course route loads once someone is signed
 * in; the sequence itself (enrol.ts and the calls) loads once the button shows (or at the first
 * press). An anonymous visitor's first load carries neither (the public pages' JavaScript budget).
 */
import type { messages } from '@centro/contracts/messages';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
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

export function FinishEnrolmentButton({ course }: { course: EnrolmentCourse }) {
  const { authUser, getUser, setAuthUser } = useAuth();
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);
  // A second click in the same tick, before React re-renders the disabled button, is refused too.
  const runningRef = useRef(false);
  // Its failure toast must show even if the connection drops before the click.
  useEffect(prepareToasts, []);
  // The sequence's code too, once the signed-in view shows the button: a module the browser failed
  // to fetch stays failed for the page's life (Chromium keeps failed dynamic imports), so a press
  // during an outage must not be the first fetch. Only signed-in people see this button: an
  // anonymous visitor's first load still carries none of it.
  useEffect(preloadEnrolment, []);

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
      await sequence.enrol(course, { authUser, getUser, navigate, notify, setAuthUser });
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
      onPointerDown={preloadEnrolment}
      onFocus={preloadEnrolment}
      onClick={() => void run()}
    >
      Finalizar inscrição
    </button>
  );
}
