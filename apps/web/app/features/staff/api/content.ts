/** GET and PUT /api/staff/content/schedule (Comunicação and Coordenação; decision 054). */
import type { StaffScheduleResponse, StaffScheduleSave } from '@centro/contracts';
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
