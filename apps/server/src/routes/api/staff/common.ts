/** What the staff routes share: the refusals every one may answer (see ../bearer-route.ts). */
import type { RefusalName } from '../../../refusals/catalogue.js';

export const AUTH: RefusalName[] = ['signInRequired', 'expiredToken', 'invalidToken'];
export const STAFF: RefusalName[] = [...AUTH, 'staffForbidden'];
export const COORDINATION: RefusalName[] = [...STAFF, 'coordinationOnly'];
/** What every content route may answer before its own work. */
export const CONTENT: RefusalName[] = [...STAFF, 'contentRolesOnly'];
