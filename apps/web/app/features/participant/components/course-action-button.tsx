/**
 * A button that runs one of the participant's course actions (leave the waiting list, join it,
 * ask for or cancel the opening e-mail): disabled while an action runs, then the success toast.
 */
import type { ReactNode } from 'react';

export function CourseActionButton<T>({
  busy,
  run,
  action,
  done,
  accent = false,
  describedBy,
  children,
}: {
  busy: boolean;
  /** `run` from `useCourseActions`. */
  run: <R>(action: (token: string) => Promise<R>, done: (result: R) => string) => Promise<boolean>;
  action: (token: string) => Promise<T>;
  /** The success toast's sentence. */
  done: (result: T) => string;
  /** The course box's main button rather than an outlined one beside others. */
  accent?: boolean;
  /** The id of what the box says about the button (a refusal that disables it). */
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={accent ? 'btn btn-accent enrol__button' : 'btn btn-outline'}
      disabled={busy}
      aria-describedby={describedBy}
      onClick={() => void run(action, done)}
    >
      {children}
    </button>
  );
}
