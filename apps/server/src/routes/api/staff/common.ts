/**
 * What the staff routes share: the refusals every one may answer (see ../bearer-route.ts), and the
 * answer of a change that says nothing but that it was made.
 */
import type { RefusalName } from '../../../refusals/catalogue.js';

export const AUTH: RefusalName[] = ['signInRequired', 'expiredToken', 'invalidToken'];
export const STAFF: RefusalName[] = [...AUTH, 'staffForbidden'];
export const COORDINATION: RefusalName[] = [...STAFF, 'coordinationOnly'];
/** What every content route may answer before its own work. */
export const CONTENT: RefusalName[] = [...STAFF, 'contentRolesOnly'];

/** The `{ ok: true }` answer (staffOkResponseSchema) of a change, once `change` is done. */
export async function okOnceDone(change: Promise<unknown>): Promise<{ ok: true }> {
  await change;
  return { ok: true };
}
