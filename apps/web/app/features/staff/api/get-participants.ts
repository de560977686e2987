/** GET /api/staff/courses/:slug/participants: the course's participants (recorded as viewed). */
import type { StaffParticipantsResponse } from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { listIn, recordWith } from './answer';

export async function fetchParticipants(
  slug: string,
  token: string,
): Promise<StaffParticipantsResponse> {
  const url = staffCoursePaths(slug).participants;
  const answer = recordWith<StaffParticipantsResponse>(
    await fetchJson(url, { bearer: token }),
    'course',
    url,
  );
  listIn(answer, 'participants', url);
  return answer;
}
