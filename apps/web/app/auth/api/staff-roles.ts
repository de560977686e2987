/**
 * GET /api/staff/me: the signed-in person's staff roles (issue 12), read once after sign-in so the
 * navigation shows 'Equipe' to staff only. Checked by hand (zod stays out of the browser); anything
 * unexpected counts as no role: the server decides every staff request anyway.
 */
import type { StaffRoleName } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson, isRecord } from '~/lib/api-client';

const ROLES: readonly StaffRoleName[] = ['coordenacao', 'secretaria'];

const isRole = (value: unknown): value is StaffRoleName => ROLES.includes(value as StaffRoleName);

/** The roles in an answer of GET /api/staff/me (none when it has none or is malformed). */
export function staffRolesOf(answer: unknown): StaffRoleName[] {
  const roles = isRecord(answer) ? answer.roles : undefined;
  return Array.isArray(roles) ? roles.filter(isRole) : [];
}

/** The person's staff roles, for their bound API token. */
export async function fetchStaffRoles(token: string): Promise<StaffRoleName[]> {
  return staffRolesOf(await fetchJson(apiPaths.staffMe, { bearer: token }));
}
