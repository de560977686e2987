/** GET /api/staff/roles, POST …/grant and …/revoke (Coordenação, built-in provider only). */
import type { StaffGrantRequest, StaffRevokeRequest, StaffRolesResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export type StaffPerson = StaffRolesResponse['people'][number];

/** The people with roles, and the classes a monitor may be given (decision 098). */
export async function fetchStaffPeople(token: string): Promise<StaffRolesResponse> {
  const url = apiPaths.staffRoles;
  const answer = await fetchJson(url, { bearer: token });
  return checked<StaffRolesResponse>(answer, url, { people: 'array', classes: 'array' });
}

export async function grantRole(request: StaffGrantRequest, token: string): Promise<void> {
  await fetchJson(apiPaths.staffRolesGrant, { method: 'POST', body: request, bearer: token });
}

export async function revokeRole(request: StaffRevokeRequest, token: string): Promise<void> {
  await fetchJson(apiPaths.staffRolesRevoke, { method: 'POST', body: request, bearer: token });
}
