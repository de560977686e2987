/**
 * The pages' texts (decision 064): GET and PUT /api/staff/content/texts, GET
 * /api/staff/content/history, POST /api/staff/content/restore and /api/staff/content/preview
 * (Comunicação and Coordenação).
 */
import type {
  StaffContentHistory,
  StaffContentRestore,
  StaffTextsPreview,
  StaffTextsResponse,
  StaffTextsSave,
} from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

const TEXTS_SHAPE = { document: 'string', revision: 'number', texts: 'object' } as const;
const withDocument = (url: string, document: string) =>
  `${url}?document=${encodeURIComponent(document)}`;

export async function fetchTexts(document: string, token: string): Promise<StaffTextsResponse> {
  const url = withDocument(apiPaths.staffContentTexts, document);
  return checked(await fetchJson(url, { bearer: token }), url, TEXTS_SHAPE);
}

/** Saves and publishes a page's texts; resolves to what the server then holds. */
export async function saveTexts(save: StaffTextsSave, token: string): Promise<StaffTextsResponse> {
  const url = apiPaths.staffContentTexts;
  const answer = await fetchJson(url, { method: 'PUT', body: save, bearer: token });
  return checked(answer, url, TEXTS_SHAPE);
}

export async function fetchHistory(document: string, token: string): Promise<StaffContentHistory> {
  const url = withDocument(apiPaths.staffContentHistory, document);
  return checked(await fetchJson(url, { bearer: token }), url, { revisions: 'array' });
}

/** 'Restaurar esta versão': saved again as the newest revision, and published. */
export async function restoreTexts(
  restore: StaffContentRestore,
  token: string,
): Promise<StaffTextsResponse> {
  const url = apiPaths.staffContentRestore;
  const answer = await fetchJson(url, { method: 'POST', body: restore, bearer: token });
  return checked(answer, url, TEXTS_SHAPE);
}

/** 'Pré-visualizar': the page's HTML with these texts, published nowhere. */
export async function previewTexts(preview: StaffTextsPreview, token: string): Promise<string> {
  const url = apiPaths.staffContentPreview;
  const answer = await fetchJson(url, { method: 'POST', body: preview, bearer: token });
  return checked<{ html: string }>(answer, url, { html: 'string' }).html;
}
