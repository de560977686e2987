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

/** GET and PUT of one content document: what the server holds, checked against its shape. */
function contentDocument<Response, Save>(url: string, shape: Shape) {
  return {
    fetch: async (token: string): Promise<Response> =>
      checked(await fetchJson(url, { bearer: token }), url, shape),
    /** Saves and publishes; resolves to what the server then holds. */
    save: async (save: Save, token: string): Promise<Response> =>
      checked(await fetchJson(url, { method: 'PUT', body: save, bearer: token }), url, shape),
  };
}

const schedule = contentDocument<StaffScheduleResponse, StaffScheduleSave>(
  apiPaths.staffContentSchedule,
  { revision: 'number', schedule: 'array' },
);
export const fetchSchedule = schedule.fetch;
export const saveSchedule = schedule.save;

/** The notices (decision 056). */
const notices = contentDocument<StaffNoticesResponse, StaffNoticesSave>(
  apiPaths.staffContentNotices,
  { revision: 'number', notices: 'array' },
);
export const fetchNotices = notices.fetch;
export const saveNotices = notices.save;
