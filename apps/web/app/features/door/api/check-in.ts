/** POST /api/staff/courses/:slug/check-in/:meeting?turma=: whose a QR code read at the door is. */
import type { StaffCheckInResponse } from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function checkIn(
  slug: string,
  classId: string,
  meeting: number,
  code: string,
  token: string,
): Promise<StaffCheckInResponse> {
  const url = staffCoursePaths(slug, classId).checkIn(meeting);
  return checked(await fetchJson(url, { method: 'POST', body: { code }, bearer: token }), url, {
    result: ['thisClass', 'otherClass', 'notFound'],
  });
}
