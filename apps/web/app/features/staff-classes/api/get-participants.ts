/** GET /api/staff/courses/:slug/participants?turma=: a class's participants (recorded as viewed). */
import type { StaffParticipantsResponse } from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function fetchParticipants(
  slug: string,
  classId: string,
  token: string,
): Promise<StaffParticipantsResponse> {
  const url = staffCoursePaths(slug, classId).participants;
  return checked(await fetchJson(url, { bearer: token }), url, {
    course: 'object',
    participants: 'array',
    waiting: 'array',
  });
}
