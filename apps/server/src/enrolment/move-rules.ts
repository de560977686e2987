/**
 * Whether staff may move a person's place from one class of a course to another (decision 090),
 * pure: the target must be another class of the same course, open or planned (a running class has
 * begun without them, a concluded one holds no places), with a free place; the person must hold a
 * confirmed place in the class they leave. The enrolment window does not apply: staff move people
 * at the desk whatever the public may do.
 */
import type { ClassState, EnrolmentStatus } from '../db/schema.js';

export interface MoveTarget {
  id: string;
  courseSlug: string;
  state: ClassState;
  places: number;
  taken: number;
}

export type MoveDecision =
  | 'move'
  /** The person holds no confirmed place in the class they would leave. */
  | 'not-enrolled'
  /** The target is the class they are in. */
  | 'same-class'
  /** The target is another course's class. */
  | 'other-course'
  /** The target is running or concluded. */
  | 'target-closed'
  /** The target has no free place. */
  | 'target-full';

/** Target states that take a moved person. */
export function takesAMove(state: ClassState): boolean {
  return state === 'open' || state === 'planned';
}

export function decideMove(
  from: { id: string; courseSlug: string; status: EnrolmentStatus | null },
  to: MoveTarget,
): MoveDecision {
  if (to.courseSlug !== from.courseSlug) return 'other-course';
  if (to.id === from.id) return 'same-class';
  if (from.status !== 'confirmed') return 'not-enrolled';
  if (!takesAMove(to.state)) return 'target-closed';
  if (to.taken >= to.places) return 'target-full';
  return 'move';
}
