/** GET /api/staff/actions: the record of staff actions, newest first (Coordenação). */
import type { StaffActionsResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export type StaffAction = StaffActionsResponse['actions'][number];

export async function fetchActions(token: string): Promise<StaffAction[]> {
  const url = apiPaths.staffActions;
  const answer = await fetchJson(url, { bearer: token });
  return checked<StaffActionsResponse>(answer, url, { actions: 'array' }).actions;
}
