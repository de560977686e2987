/**
 * GET and PUT /api/staff/content/schedule and /api/staff/content/notices (Comunicação and
 * Coordenação; decisions 054 and 056).
 */
import type {
  StaffNoticesResponse,
  StaffNoticesSave,
  StaffScheduleResponse,
  StaffScheduleSave,
} from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked, type Shape } from '~/lib/answer';

const SCHEDULE: Shape = { revision: 'number', schedule: 'array' };

export async function fetchSchedule(token: string): Promise<StaffScheduleResponse> {
  const url = apiPaths.staffContentSchedule;
  return checked(await fetchJson(url, { bearer: token }), url, SCHEDULE);
}

/** Saves and publishes the schedule; resolves to what the server then holds. */
export async function saveSchedule(
  save: StaffScheduleSave,
  token: string,
): Promise<StaffScheduleResponse> {
  const url = apiPaths.staffContentSchedule;
  return checked(await fetchJson(url, { method: 'PUT', body: save, bearer: token }), url, SCHEDULE);
}

const NOTICES: Shape = { revision: 'number', notices: 'array' };

/** GET /api/staff/content/notices (decision 056). */
export async function fetchNotices(token: string): Promise<StaffNoticesResponse> {
  const url = apiPaths.staffContentNotices;
  return checked(await fetchJson(url, { bearer: token }), url, NOTICES);
}

/** Saves and publishes the notices; resolves to what the server then holds. */
export async function saveNotices(
  save: StaffNoticesSave,
  token: string,
): Promise<StaffNoticesResponse> {
  const url = apiPaths.staffContentNotices;
  return checked(await fetchJson(url, { method: 'PUT', body: save, bearer: token }), url, NOTICES);
}
