/** GET /api/staff/roles, POST …/grant and …/revoke (Coordenação, built-in provider only). */
import type { StaffRoleName, StaffRolesResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export type StaffPerson = StaffRolesResponse['people'][number];

export async function fetchStaffPeople(token: string): Promise<StaffPerson[]> {
  const url = apiPaths.staffRoles;
  const answer = await fetchJson(url, { bearer: token });
  return checked<StaffRolesResponse>(answer, url, { people: 'array' }).people;
}

export async function grantRole(email: string, role: StaffRoleName, token: string): Promise<void> {
  await fetchJson(apiPaths.staffRolesGrant, {
    method: 'POST',
    body: { email, role },
    bearer: token,
  });
}

export async function revokeRole(
  personId: string,
  role: StaffRoleName,
  token: string,
): Promise<void> {
  await fetchJson(apiPaths.staffRolesRevoke, {
    method: 'POST',
    body: { personId, role },
    bearer: token,
  });
}
