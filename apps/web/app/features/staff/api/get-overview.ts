/** GET /api/staff/courses: the 20 courses with places, enrolled, window and attendance. */
import type { StaffCourseSummary } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { listIn } from './answer';

export async function fetchOverview(token: string): Promise<StaffCourseSummary[]> {
  const url = apiPaths.staffCourses;
  return listIn(await fetchJson(url, { bearer: token }), 'courses', url);
}
