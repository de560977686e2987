/**
 * The participant's own space, /api/me: their places and waiting positions, their
 * past classes, and the actions on them.
 */
import type {
  MyEnrolment,
  MyEnrolmentsResponse,
  MyWaitingListJoinResponse,
} from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked, type Shape } from '~/lib/answer';

const STATES = ['enrolled', 'pending', 'waiting'];
/** A class of the person's history: now (`STATES`) or past. */
const HISTORY_STATES = [...STATES, 'concluded', 'not-concluded', 'cancelled'];

const ENROLMENT: Shape = {
  course: 'string',
  title: 'string',
  programme: 'string',
  state: HISTORY_STATES,
};

/** GET /api/me/enrolments: places first, then waiting positions, then past classes. */
export async function fetchMyEnrolments(token: string): Promise<MyEnrolment[]> {
  const url = apiPaths.myEnrolments;
  const answer = await fetchJson(url, { bearer: token });
  const { enrolments } = checked<MyEnrolmentsResponse>(answer, url, { enrolments: 'array' });
  return enrolments.map((enrolment) => checked<MyEnrolment>(enrolment, url, ENROLMENT));
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
  /** The class picked among several open; absent: the course's only open class. */
  turma?: string,
): Promise<Pick<MyWaitingListJoinResponse, 'state' | 'position'>> {
  const url = apiPaths.myWaitingListJoin;
  const body = turma ? { course, turma } : { course };
  const answer = checked<MyWaitingListJoinResponse>(
    await fetchJson(url, { method: 'POST', body, bearer: token }),
    url,
    { state: STATES },
  );
  return { state: answer.state, position: answer.position ?? null };
}

/** POST /api/me/waiting-list/leave */
export async function leaveWaitingList(course: string, token: string): Promise<void> {
  await post(apiPaths.myWaitingListLeave, course, token);
}

/**
 * POST /api/me/claim: the code the desk gave a person enrolled without an account makes those
 * places the person's (decision 095); resolves to how many.
 */
export async function claimDeskCode(code: string, token: string): Promise<number> {
  const url = apiPaths.myClaim;
  const answer = await fetchJson(url, { method: 'POST', body: { code }, bearer: token });
  return checked<{ claimed: number }>(answer, url, { claimed: 'number' }).claimed;
}
