/** GET and POST /api/staff/courses/:slug/attendance/:meeting?turma=: who was present at a class's meeting. */
import type { StaffAttendanceResponse } from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function fetchAttendance(
  slug: string,
  classId: string,
  meeting: number,
  token: string,
): Promise<StaffAttendanceResponse> {
  const url = staffCoursePaths(slug, classId).attendance(meeting);
  return checked(await fetchJson(url, { bearer: token }), url, {
    date: 'string',
    marks: 'array',
    guests: 'array',
  });
}

export async function saveAttendance(
  slug: string,
  classId: string,
  meeting: number,
  marks: { personId: string; present: boolean }[],
  token: string,
): Promise<void> {
  await fetchJson(staffCoursePaths(slug, classId).attendance(meeting), {
    method: 'POST',
    body: { marks },
    bearer: token,
  });
}
