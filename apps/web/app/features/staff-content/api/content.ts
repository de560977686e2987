/**
 * The content documents kept as revisions (Comunicação and Coordenação; decisions 054, 056, 068):
 * for the schedule, the notices and the contact details, GET and PUT of the document, GET
 * …/history (its latest revisions), POST …/restore (one of them saved again) and POST …/preview
 * (the page with a draft or an earlier revision, published nowhere).
 */
import type {
  StaffBannersHistory,
  StaffBannersPreview,
  StaffBannersResponse,
  StaffBannersSave,
  StaffPreviewResponse,
  StaffRevisionRestore,
  StaffScheduleHistory,
  StaffSchedulePreview,
  StaffScheduleResponse,
  StaffScheduleSave,
} from '@centro/contracts';
import type {
  StaffContactHistory,
  StaffContactPreview,
  StaffContactResponse,
  StaffContactSave,
} from '@centro/contracts/contact';
import { apiPaths } from '@centro/contracts/paths';
import { API_TIMEOUT_MS, fetchJson } from '~/lib/api-client';
import { checked, type Shape } from '~/lib/answer';

/** The documents' names, as their paths under `apiPaths` spell them. */
type DocumentName = 'Schedule' | 'Notices' | 'Contact';

/**
 * A content document's routes, its paths named after it (`staffContent${name}`, …History,
 * …Restore, …Preview): what the server holds, checked against its shape.
 */
function contentDocument<Response, Save, History, Preview>(
  name: DocumentName,
  shape: Shape,
  /** How long a save or a restore may take: it answers once the pages are rendered again. */
  publishTimeoutMs = API_TIMEOUT_MS,
) {
  const url = apiPaths[`staffContent${name}`];
  const paths = {
    history: apiPaths[`staffContent${name}History`],
    restore: apiPaths[`staffContent${name}Restore`],
    preview: apiPaths[`staffContent${name}Preview`],
  };
  const timeoutMs = publishTimeoutMs;
  return {
    fetch: async (token: string): Promise<Response> =>
      checked(await fetchJson(url, { bearer: token }), url, shape),
    /** Saves and publishes; resolves to what the server then holds. */
    save: async (save: Save, token: string): Promise<Response> =>
      checked(
        await fetchJson(url, { method: 'PUT', body: save, bearer: token, timeoutMs }),
        url,
        shape,
      ),
    history: async (token: string): Promise<History> =>
      checked(await fetchJson(paths.history, { bearer: token }), paths.history, {
        revisions: 'array',
      }),
    /** 'Restaurar esta versão': saved again as the newest revision, and published. */
    restore: async (restore: StaffRevisionRestore, token: string): Promise<Response> =>
      checked(
        await fetchJson(paths.restore, { method: 'POST', body: restore, bearer: token, timeoutMs }),
        paths.restore,
        shape,
      ),
    /** The page's HTML with this body, published nowhere. */
    preview: async (preview: Preview, token: string): Promise<string> =>
      checked<StaffPreviewResponse>(
        await fetchJson(paths.preview, { method: 'POST', body: preview, bearer: token }),
        paths.preview,
        { html: 'string' },
      ).html,
  };
}

export const schedule = contentDocument<
  StaffScheduleResponse,
  StaffScheduleSave,
  StaffScheduleHistory,
  StaffSchedulePreview
>('Schedule', { revision: 'number', schedule: 'array' });

/** The notices (decision 056). */
export const notices = contentDocument<
  StaffBannersResponse,
  StaffBannersSave,
  StaffBannersHistory,
  StaffBannersPreview
>('Notices', { revision: 'number', notices: 'array' });

/** The contact details (decision 068). */
export const contact = contentDocument<
  StaffContactResponse,
  StaffContactSave,
  StaffContactHistory,
  StaffContactPreview
>(
  'Contact',
  { revision: 'number', contact: 'object' },
  // Every public page is rendered again before the answer (decision 068): seconds, more on a
  // loaded machine.
  60_000,
);
