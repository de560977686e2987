/**
 * GET /api/staff/actions: a page of the record of staff actions, newest first, filtered
 * (Coordenação). `before`: the previous page's `next`, for older rows.
 */
import type { StaffActionsResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export type StaffActionsPage = StaffActionsResponse;

/** The record's filters (empty: all). */
export interface ActionFilter {
  action?: string;
  actor?: string;
  course?: string;
  person?: string;
}

export async function fetchActions(
  filter: ActionFilter,
  before: string | null,
  token: string,
): Promise<StaffActionsPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  if (before !== null) query.set('before', before);
  const url = `${apiPaths.staffActions}${query.size > 0 ? `?${query.toString()}` : ''}`;
  const answer = await fetchJson(url, { bearer: token });
  return checked<StaffActionsPage>(answer, url, { actions: 'array', actors: 'array' });
}
