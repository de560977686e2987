/** What the staff routes share: the refusals every one may answer, and the bearer security. */
import type { RefusalName } from '../../../refusals/catalogue.js';

export const AUTH: RefusalName[] = ['signInRequired', 'expiredToken', 'invalidToken'];
export const STAFF: RefusalName[] = [...AUTH, 'staffForbidden'];
export const COORDINATION: RefusalName[] = [...STAFF, 'coordinationOnly'];

/** The OpenAPI security of a route under the bearerAuth hook. */
export const bearer = { security: [{ bearerAuth: [] }] };
