/** GET /api/staff/actions: the record of staff actions, newest first (Coordenação). */
import type { StaffActionsResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { listIn } from './answer';

export type StaffAction = StaffActionsResponse['actions'][number];

export async function fetchActions(token: string): Promise<StaffAction[]> {
  const url = apiPaths.staffActions;
  return listIn(await fetchJson(url, { bearer: token }), 'actions', url);
}
