/** GET /api/staff/reports?ano=: a year's classes in counts ('Relatórios', Coordenação). */
import type { StaffReports } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { checked } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';

export async function fetchReports(year: number | null, token: string): Promise<StaffReports> {
  const url = year === null ? apiPaths.staffReports : `${apiPaths.staffReports}?ano=${year}`;
  const answer = await fetchJson(url, { bearer: token });
  return checked<{ data: StaffReports }>(answer, url, { data: 'object' }).data;
}
