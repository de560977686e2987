/**
 * The contact details (decision 068): GET and PUT /api/staff/content/contact, GET …/history and
 * POST …/restore (Comunicação and Coordenação).
 */
import type {
  StaffContactHistory,
  StaffContactResponse,
  StaffContactRestore,
  StaffContactSave,
} from '@centro/contracts/contact';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

const CONTACT_SHAPE = { revision: 'number', contact: 'object' } as const;

export async function fetchContact(token: string): Promise<StaffContactResponse> {
  const url = apiPaths.staffContentContact;
  return checked(await fetchJson(url, { bearer: token }), url, CONTACT_SHAPE);
}

/** Saves and publishes the details; resolves to what the server then holds. */
export async function saveContact(
  save: StaffContactSave,
  token: string,
): Promise<StaffContactResponse> {
  const url = apiPaths.staffContentContact;
  const answer = await fetchJson(url, { method: 'PUT', body: save, bearer: token });
  return checked(answer, url, CONTACT_SHAPE);
}

export async function fetchContactHistory(token: string): Promise<StaffContactHistory> {
  const url = apiPaths.staffContentContactHistory;
  return checked(await fetchJson(url, { bearer: token }), url, { revisions: 'array' });
}

/** 'Restaurar esta versão': saved again as the newest revision, and published. */
export async function restoreContact(
  restore: StaffContactRestore,
  token: string,
): Promise<StaffContactResponse> {
  const url = apiPaths.staffContentContactRestore;
  const answer = await fetchJson(url, { method: 'POST', body: restore, bearer: token });
  return checked(answer, url, CONTACT_SHAPE);
}
