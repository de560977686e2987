/** GET and POST /api/staff/courses/:slug/attendance/:meeting: who was present at a meeting. */
import type { StaffAttendanceResponse } from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function fetchAttendance(
  slug: string,
  meeting: number,
  token: string,
): Promise<StaffAttendanceResponse> {
  const url = staffCoursePaths(slug).attendance(meeting);
  return checked(await fetchJson(url, { bearer: token }), url, { date: 'string', marks: 'array' });
}

export async function saveAttendance(
  slug: string,
  meeting: number,
  marks: { personId: string; present: boolean }[],
  token: string,
): Promise<void> {
  await fetchJson(staffCoursePaths(slug).attendance(meeting), {
    method: 'POST',
    body: { marks },
    bearer: token,
  });
}
