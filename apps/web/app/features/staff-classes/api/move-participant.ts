/**
 * POST /api/staff/courses/:slug/participants/:personId/move?turma= (Secretaria and Coordenação,
 * decision 090): the person's place goes to the class `to` of the same course.
 */
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';

export async function moveParticipant(
  slug: string,
  classId: string,
  personId: string,
  to: string,
  token: string,
): Promise<void> {
  await fetchJson(staffCoursePaths(slug, classId).move(personId), {
    method: 'POST',
    body: { to },
    bearer: token,
  });
}
