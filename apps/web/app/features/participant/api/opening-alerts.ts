/**
 * 'Avise-me quando abrir': one e-mail when a course's enrolment opens, asked for and
 * cancelled by the signed-in person (/api/me/opening-alert…).
 */
import type { MyOpeningAlertsResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

/** GET /api/me/opening-alerts: the slugs of the courses the person will be told about. */
export async function fetchOpeningAlerts(token: string): Promise<string[]> {
  const url = apiPaths.myOpeningAlerts;
  const answer = await fetchJson(url, { bearer: token });
  return checked<MyOpeningAlertsResponse>(answer, url, { courses: 'array' }).courses;
}

const post = (path: string, course: string, token: string) =>
  fetchJson(path, { method: 'POST', body: { course }, bearer: token });

/** POST /api/me/opening-alert */
export async function askOpeningAlert(course: string, token: string): Promise<void> {
  await post(apiPaths.myOpeningAlert, course, token);
}

/** POST /api/me/opening-alert/cancel */
export async function cancelOpeningAlert(course: string, token: string): Promise<void> {
  await post(apiPaths.myOpeningAlertCancel, course, token);
}
