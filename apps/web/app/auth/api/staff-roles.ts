/**
 * GET /api/staff/me: the signed-in person's staff roles, read once after sign-in so the
 * navigation shows 'Equipe' to staff only, and by the staff area with the classes a monitor was
 * given (decision 098); the server decides every staff request anyway.
 */
import type { StaffMeResponse, StaffRoleName } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { checked } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';

/** The person as the staff area knows them: roles, and the classes they monitor. */
export async function fetchStaffMe(token: string): Promise<StaffMeResponse> {
  const url = apiPaths.staffMe;
  return checked<StaffMeResponse>(await fetchJson(url, { bearer: token }), url, {
    roles: 'array',
    classes: 'array',
  });
}

/** The person's staff roles, for their bound API token. */
export async function fetchStaffRoles(token: string): Promise<StaffRoleName[]> {
  return (await fetchStaffMe(token)).roles;
}
