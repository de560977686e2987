/**
 * A course's prerequisites, 'Liberar inscrição', finding the person, and the completions
 * (decision 061): /api/staff/courses/:slug/{prerequisites,exceptions,completions}; finding the
 * person is ~/lib/staff/find-people.
 */
import type {
  StaffCompletion,
  StaffCompletionChange,
  StaffPrerequisitesResponse,
} from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked, type Shape } from '~/lib/answer';

const PREREQUISITES: Shape = {
  required: 'array',
  defaults: 'array',
  byStaff: 'boolean',
  exceptions: 'array',
  choices: 'array',
};

export async function fetchPrerequisites(
  slug: string,
  token: string,
): Promise<StaffPrerequisitesResponse> {
  const url = staffCoursePaths(slug).prerequisites;
  return checked(await fetchJson(url, { bearer: token }), url, PREREQUISITES);
}

/** Coordenação's list (null: back to the content's default); resolves to what the server holds. */
export async function savePrerequisites(
  slug: string,
  required: string[] | null,
  token: string,
): Promise<StaffPrerequisitesResponse> {
  const url = staffCoursePaths(slug).prerequisites;
  const answer = await fetchJson(url, { method: 'PUT', body: { required }, bearer: token });
  return checked(answer, url, PREREQUISITES);
}

/** 'Liberar inscrição' for one person. */
export async function grantException(slug: string, personId: string, token: string) {
  const url = staffCoursePaths(slug).exceptions;
  checked(await fetchJson(url, { method: 'POST', body: { personId }, bearer: token }), url, {
    ok: [true],
  });
}

export async function fetchCompletions(slug: string, token: string): Promise<StaffCompletion[]> {
  const url = staffCoursePaths(slug).completions;
  return checked<{ completions: StaffCompletion[] }>(await fetchJson(url, { bearer: token }), url, {
    completions: 'array',
  }).completions;
}

/** Coordenação changes one completion, with the reason. */
export async function changeCompletion(
  slug: string,
  completion: Pick<StaffCompletion, 'classId' | 'personId'>,
  change: StaffCompletionChange,
  token: string,
) {
  const url = staffCoursePaths(slug).completion(completion.classId, completion.personId);
  checked(await fetchJson(url, { method: 'POST', body: change, bearer: token }), url, {
    ok: [true],
  });
}
