/**
 * What the staff routes share: the refusals every one may answer (see ../bearer-route.ts), and the
 * answer of a change that says nothing but that it was made.
 */
import type { RefusalName } from '../../../refusals/catalogue.js';

export const AUTH: RefusalName[] = ['signInRequired', 'expiredToken', 'invalidToken'];
/** A signed-in person without a staff role. */
const ANY_STAFF: RefusalName[] = [...AUTH, 'staffForbidden'];
/** The routes Secretaria may use too: a role without them (Comunicação) is refused as such. */
export const STAFF: RefusalName[] = [...ANY_STAFF, 'roleNotAllowed'];
export const COORDINATION: RefusalName[] = [...ANY_STAFF, 'coordinationOnly'];
/** What every content route may answer before its own work. */
export const CONTENT: RefusalName[] = [...ANY_STAFF, 'contentRolesOnly'];

/** The `{ ok: true }` answer (staffOkResponseSchema) of a change, once `change` is done. */
export async function okOnceDone(change: Promise<unknown>): Promise<{ ok: true }> {
  await change;
  return { ok: true };
}
