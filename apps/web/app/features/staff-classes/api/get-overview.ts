/** GET /api/staff/courses: the 20 courses with places, enrolled, window and attendance. */
import type { StaffCourseSummary, StaffOverviewResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function fetchOverview(token: string): Promise<StaffCourseSummary[]> {
  const url = apiPaths.staffCourses;
  const answer = await fetchJson(url, { bearer: token });
  return checked<StaffOverviewResponse>(answer, url, { courses: 'array' }).courses;
}
