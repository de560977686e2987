/**
 * GET /api/staff/me: the signed-in person's staff roles, read once after sign-in so the
 * navigation shows 'Equipe' to staff only; the server decides every staff request anyway.
 */
import type { StaffMeResponse, StaffRoleName } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { checked } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';

/** The person's staff roles, for their bound API token. */
export async function fetchStaffRoles(token: string): Promise<StaffRoleName[]> {
  const url = apiPaths.staffMe;
  return checked<StaffMeResponse>(await fetchJson(url, { bearer: token }), url, { roles: 'array' })
    .roles;
}
