/**
 * POST /api/staff/courses/:slug/participants/:personId/claim-code?turma= (Secretaria and
 * Coordenação, decision 095): 'Gerar novo código' for a person enrolled at the desk who has not
 * claimed yet; the old code stops working.
 */
import type { StaffNewClaimCodeRequest, StaffNewClaimCodeResponse } from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function newClaimCode(
  slug: string,
  classId: string,
  personId: string,
  token: string,
): Promise<StaffNewClaimCodeResponse> {
  const url = staffCoursePaths(slug, classId).claimCode(personId);
  const body: StaffNewClaimCodeRequest = { confirm: true };
  const answer = await fetchJson(url, { method: 'POST', body, bearer: token });
  return checked(answer, url, { claimCode: 'string' });
}
