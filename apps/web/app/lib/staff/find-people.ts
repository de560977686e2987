/**
 * GET /api/staff/people?q=: the people a whole e-mail, a whole phone or a name and surname names
 * (decision 081), for 'Liberar inscrição' and 'Inscrever no balcão' (decision 095).
 */
import type { StaffPeopleResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function findPeople(
  text: string,
  token: string,
): Promise<StaffPeopleResponse['people']> {
  const url = `${apiPaths.staffPeople}?q=${encodeURIComponent(text)}`;
  return checked<StaffPeopleResponse>(await fetchJson(url, { bearer: token }), url, {
    people: 'array',
  }).people;
}
