/** POST /api/staff/courses/:slug/participants/:personId/remove?turma= (Coordenação), confirmed. */
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';

export async function removeParticipant(
  slug: string,
  classId: string,
  personId: string,
  token: string,
): Promise<void> {
  await fetchJson(staffCoursePaths(slug, classId).remove(personId), {
    method: 'POST',
    body: { confirm: true },
    bearer: token,
  });
}
