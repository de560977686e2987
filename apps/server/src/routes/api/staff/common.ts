/**
 * What the staff routes share: the refusals every one may answer (see ../bearer-route.ts), and the
 * answer of a change that says nothing but that it was made.
 */
import type { RefusalName } from '../../../refusals/catalogue.js';

export const AUTH: RefusalName[] = ['signInRequired', 'expiredToken', 'invalidToken'];
/** A signed-in person without a staff role, or only a monitor's (decision 098). */
const ANY_STAFF: RefusalName[] = [...AUTH, 'staffForbidden', 'monitorClassOnly'];
/** The routes Secretaria may use too: a role without them (Comunicação) is refused as such. */
export const STAFF: RefusalName[] = [...ANY_STAFF, 'roleNotAllowed'];
/** The routes of one class its monitors may use too: another class's monitor is refused. */
export const CLASS_STAFF: RefusalName[] = [...STAFF, 'monitorOtherClass'];
export const COORDINATION: RefusalName[] = [...ANY_STAFF, 'coordinationOnly'];
/** What every content route may answer before its own work. */
export const CONTENT: RefusalName[] = [...ANY_STAFF, 'contentRolesOnly'];

/** The `{ ok: true }` answer (staffOkResponseSchema) of a change, once `change` is done. */
export async function okOnceDone(change: Promise<unknown>): Promise<{ ok: true }> {
  await change;
  return { ok: true };
}
