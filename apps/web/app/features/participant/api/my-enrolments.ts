/**
 * The participant's own space (issue 13), /api/me: their places and waiting positions, and the
 * actions on them. Answers checked by hand (zod stays out of the browser).
 */
import type { MyEnrolment, MyWaitingListJoinResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson, isRecord, UnexpectedAnswerError } from '~/lib/api-client';

const STATES = ['enrolled', 'pending', 'waiting'] as const;

function isEnrolment(value: unknown): value is MyEnrolment {
  return (
    isRecord(value) &&
    typeof value.course === 'string' &&
    typeof value.title === 'string' &&
    typeof value.programme === 'string' &&
    STATES.includes(value.state as MyEnrolment['state'])
  );
}

/** GET /api/me/enrolments: places first, then waiting positions. */
export async function fetchMyEnrolments(token: string): Promise<MyEnrolment[]> {
  const answer = await fetchJson(apiPaths.myEnrolments, { bearer: token });
  const list = isRecord(answer) ? answer.enrolments : undefined;
  if (!Array.isArray(list)) {
    throw new UnexpectedAnswerError(`${apiPaths.myEnrolments} answered no enrolments`);
  }
  return list.filter(isEnrolment);
}

const post = (path: string, course: string, token: string) =>
  fetchJson(path, { method: 'POST', body: { course }, bearer: token });

/** POST /api/me/enrolments/cancel: gives the place back (the next person waiting gets it). */
export async function cancelEnrolment(course: string, token: string): Promise<void> {
  await post(apiPaths.myEnrolmentCancel, course, token);
}

/** POST /api/me/waiting-list/join: waiting at a position, or a place at once when one freed. */
export async function joinWaitingList(
  course: string,
  token: string,
): Promise<Pick<MyWaitingListJoinResponse, 'state' | 'position'>> {
  const answer = await post(apiPaths.myWaitingListJoin, course, token);
  if (!isRecord(answer) || !STATES.includes(answer.state as MyEnrolment['state'])) {
    throw new UnexpectedAnswerError(`${apiPaths.myWaitingListJoin} answered no state`);
  }
  return {
    state: answer.state as MyEnrolment['state'],
    position: typeof answer.position === 'number' ? answer.position : null,
  };
}

/** POST /api/me/waiting-list/leave */
export async function leaveWaitingList(course: string, token: string): Promise<void> {
  await post(apiPaths.myWaitingListLeave, course, token);
}
