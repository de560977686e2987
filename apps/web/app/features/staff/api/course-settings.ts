/** GET and POST /api/staff/courses/:slug/settings (Coordenação). */
import type { StaffCourseSettings, StaffCourseSettingsResponse } from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { recordWith } from './answer';

export async function fetchSettings(
  slug: string,
  token: string,
): Promise<StaffCourseSettingsResponse> {
  const url = staffCoursePaths(slug).settings;
  return recordWith(await fetchJson(url, { bearer: token }), 'settings', url);
}

/** Stores the settings; resolves to what the server then holds. */
export async function saveSettings(
  slug: string,
  settings: StaffCourseSettings,
  token: string,
): Promise<StaffCourseSettingsResponse> {
  const url = staffCoursePaths(slug).settings;
  return recordWith(
    await fetchJson(url, { method: 'POST', body: settings, bearer: token }),
    'settings',
    url,
  );
}
