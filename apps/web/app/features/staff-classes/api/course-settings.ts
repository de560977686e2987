/** GET and POST /api/staff/courses/:slug/settings?turma= (Coordenação): a class's settings. */
import type { StaffCourseSettings, StaffCourseSettingsResponse } from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked, type Shape } from '~/lib/answer';

const SETTINGS: Shape = { settings: 'object', defaults: 'object', taken: 'number' };

export async function fetchSettings(
  slug: string,
  classId: string,
  token: string,
): Promise<StaffCourseSettingsResponse> {
  const url = staffCoursePaths(slug, classId).settings;
  return checked(await fetchJson(url, { bearer: token }), url, SETTINGS);
}

/** Stores the settings; resolves to what the server then holds. */
export async function saveSettings(
  slug: string,
  classId: string,
  settings: StaffCourseSettings,
  token: string,
): Promise<StaffCourseSettingsResponse> {
  const url = staffCoursePaths(slug, classId).settings;
  return checked(
    await fetchJson(url, { method: 'POST', body: settings, bearer: token }),
    url,
    SETTINGS,
  );
}
