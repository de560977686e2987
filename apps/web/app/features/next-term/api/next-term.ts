/**
 * 'Preparar próximo semestre' (Coordenação): GET /api/staff/next-term, every course's proposed
 * class for the next term; POST the same path, the corrected table's classes created together.
 */
import type {
  StaffPrepareTermRequest,
  StaffPrepareTermResponse,
  StaffTermProposalResponse,
} from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { checked } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';

export async function fetchTermProposal(token: string): Promise<StaffTermProposalResponse> {
  const url = apiPaths.staffNextTerm;
  return checked(await fetchJson(url, { bearer: token }), url, {
    term: 'string',
    key: 'string',
    courses: 'array',
  });
}

export async function prepareTerm(
  request: StaffPrepareTermRequest,
  token: string,
): Promise<StaffPrepareTermResponse> {
  const url = apiPaths.staffNextTerm;
  return checked(await fetchJson(url, { method: 'POST', body: request, bearer: token }), url, {
    created: 'array',
    skipped: 'array',
  });
}
