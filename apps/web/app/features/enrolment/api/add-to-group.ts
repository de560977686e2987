/**
 * POST /api/group/add (spec section 7): the person joins the course's group, which takes a place
 * (harmless when already in it). A full course is refused with
 * `ErrorCode.CourseFull`.
 */
import type { GroupAddRequest, GroupAddResponse } from '@centro/contracts';
import { ErrorCode } from '@centro/contracts/error-codes';
import { apiPaths } from '@centro/contracts/paths';
import { checked } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';
import { ApiError } from '~/lib/api-error';

export type GroupAddResult = Pick<
  GroupAddResponse['data'],
  'course' | 'group' | 'alreadyEnrolled' | 'groupLink' | 'meetings'
>;

/** When and where the class meets, when the answer describes it well. */
const meetingsOf = (value: unknown): GroupAddResult['meetings'] => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { firstMeeting, time, place } = value as Record<string, unknown>;
  return typeof firstMeeting === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(firstMeeting) &&
    typeof time === 'string' &&
    /^\d{2}:\d{2}$/.test(time) &&
    typeof place === 'string'
    ? { firstMeeting, time, place }
    : undefined;
};

/** Only a WhatsApp group invitation is ever offered as the course's group link. */
const isGroupLink = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('https://chat.whatsapp.com/');

/** True for the API's refusal of an enrolment in a course with no place left (409 course_full). */
export function isCourseFull(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === ErrorCode.CourseFull;
}

/** True for the refusal of a person whose e-mail is not confirmed yet (403 email_not_verified). */
export function isEmailNotVerified(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === ErrorCode.EmailNotVerified;
}

/** The server's sentence naming the courses to conclude first (409 prerequisite_missing), or null. */
export function prerequisiteMessageOf(error: unknown): string | null {
  return error instanceof ApiError && error.code === ErrorCode.PrerequisiteMissing
    ? (error.apiMessage ?? null)
    : null;
}

export async function addToGroup(request: GroupAddRequest): Promise<GroupAddResult> {
  const url = apiPaths.groupAdd;
  const answer = await fetchJson(url, { method: 'POST', body: request });
  const { data } = checked<GroupAddResponse>(answer, url, { data: 'object' });
  checked(data, url, { status: ['enrolled'], course: 'string' });
  const meetings = meetingsOf(data.meetings);
  return {
    course: data.course,
    group: typeof data.group === 'string' ? data.group : request.group,
    alreadyEnrolled: data.alreadyEnrolled === true,
    ...(isGroupLink(data.groupLink) ? { groupLink: data.groupLink } : {}),
    ...(meetings ? { meetings } : {}),
  };
}
