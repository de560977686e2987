/**
 * The enrolment and profile calls of the API (spec section 7): fetch with a timeout (the spec's
 * client had none), JSON both ways, the API's `{error, message}` answers as `ApiError`s carrying the
 * code. Answers are checked by hand: zod stays out of the browser. The person in an answer is read as
 * the sign-in code reads it (lib/auth-user.ts); nothing else is shared with the sign-in code (auth/,
 * lib/http.ts), whose chunk only the pages that sign in load.
 */
import type { AuthUser, UserWithToken } from '~/auth/types';
import { isRecord, toAuthUser, UnexpectedAnswerError } from './auth-user';

/** How long a call may take before it is abandoned. */
export const API_TIMEOUT_MS = 10_000;

/** A call that answered with an error status; `code` and `apiMessage` when the API explained it. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly url: string,
    readonly code: string | null = null,
    readonly apiMessage: string | null = null,
  ) {
    super(`${url} answered ${status}${code ? ` (${code})` : ''}`);
  }
}

async function apiErrorOf(response: Response, url: string): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const { error, message } = isRecord(body) ? body : {};
  return typeof error === 'string' && typeof message === 'string'
    ? new ApiError(response.status, url, error, message)
    : new ApiError(response.status, url);
}

/** Calls `url` (POST with a JSON body, or GET) and resolves to its JSON answer. */
export async function fetchJson(
  url: string,
  { method = 'GET', body }: { method?: 'GET' | 'POST'; body?: unknown } = {},
  timeoutMs = API_TIMEOUT_MS,
): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw await apiErrorOf(response, url);
  return response.json();
}

export const GROUP_ADD_PATH = '/api/group/add';
export const USER_UPDATE_PATH = '/api/user/update';
export const SECURITY_ATTRIBUTES_PATH = '/api/user/update/security-attributes';
export const USER_DETAILS_PATH = '/api/user/details';
export const AVAILABILITY_PATH = '/api/courses/availability';

/** The person's fields that POST /api/user/update changes, one at a time. */
export type UpdatableField = 'mobilePhone' | 'displayName' | 'mail';

export interface GroupAddResult {
  course: string;
  group: string;
  alreadyEnrolled: boolean;
}

export interface Availability {
  places: number;
  placesLeft: number;
}

/** True for the API's refusal of an enrolment in a course with no place left (409 course_full). */
export function isCourseFull(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'course_full';
}

/** POST /api/group/add: the person joins the course's group (harmless when already in it). */
export async function addToGroup(request: {
  group: string;
  user: string;
  token: string;
}): Promise<GroupAddResult> {
  const answer = await fetchJson(GROUP_ADD_PATH, { method: 'POST', body: request });
  const data = isRecord(answer) ? answer.data : undefined;
  if (!isRecord(data) || data.status !== 'enrolled' || typeof data.course !== 'string') {
    throw new UnexpectedAnswerError(`${GROUP_ADD_PATH} answered without an enrolment`);
  }
  return {
    course: data.course,
    group: typeof data.group === 'string' ? data.group : request.group,
    alreadyEnrolled: data.alreadyEnrolled === true,
  };
}

/** The person in an answer's `data`. */
export function userOf(answer: unknown, source: string): AuthUser {
  return toAuthUser(isRecord(answer) ? answer.data : undefined, source);
}

/** POST /api/user/details: the person's details ('Carregar Dados'). */
export async function fetchDetails({ user, token }: UserWithToken): Promise<AuthUser> {
  return userOf(
    await fetchJson(USER_DETAILS_PATH, { method: 'POST', body: { id: user.id, token } }),
    USER_DETAILS_PATH,
  );
}

/** POST /api/user/update: one field; resolves to the person's details after the change. */
export async function updateUserField(request: {
  id: string;
  token: string;
  param: UpdatableField;
  value: string;
}): Promise<AuthUser> {
  return userOf(
    await fetchJson(USER_UPDATE_PATH, { method: 'POST', body: request }),
    USER_UPDATE_PATH,
  );
}

/** POST /api/user/update/security-attributes: the birth date (DD/MM/YYYY). */
export async function updateBirthDate(request: {
  id: string;
  token: string;
  data_nascimento: string;
}): Promise<AuthUser> {
  return userOf(
    await fetchJson(SECURITY_ATTRIBUTES_PATH, { method: 'POST', body: request }),
    SECURITY_ATTRIBUTES_PATH,
  );
}

/** GET /api/courses/availability: places and places left by course slug. */
export async function fetchAvailability(): Promise<Record<string, Availability>> {
  const answer = await fetchJson(AVAILABILITY_PATH);
  const courses = isRecord(answer) ? answer.courses : undefined;
  if (!isRecord(courses))
    throw new UnexpectedAnswerError(`${AVAILABILITY_PATH} answered no courses`);
  const result: Record<string, Availability> = {};
  for (const [slug, value] of Object.entries(courses)) {
    if (
      isRecord(value) &&
      typeof value.places === 'number' &&
      typeof value.placesLeft === 'number'
    ) {
      result[slug] = { places: value.places, placesLeft: value.placesLeft };
    }
  }
  return result;
}
