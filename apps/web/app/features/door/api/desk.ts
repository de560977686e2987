/**
 * 'Inscrever no balcão' and a walk-in at the door (decisions 095 and 096):
 * POST /api/staff/courses/:slug/desk-enrol?turma= and .../attendance/:meeting/walk-in?turma=.
 */
import type {
  StaffDeskEnrolRequest,
  StaffDeskEnrolResponse,
  StaffWalkInRequest,
  StaffWalkInResponse,
} from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function deskEnrol(
  slug: string,
  classId: string,
  request: StaffDeskEnrolRequest,
  token: string,
): Promise<StaffDeskEnrolResponse> {
  const url = staffCoursePaths(slug, classId).deskEnrol;
  const answer = await fetchJson(url, { method: 'POST', body: request, bearer: token });
  return checked(answer, url, { personId: 'string', state: ['enrolled', 'waiting'] });
}

export async function walkIn(
  slug: string,
  classId: string,
  meeting: number,
  request: StaffWalkInRequest,
  token: string,
): Promise<StaffWalkInResponse> {
  const url = staffCoursePaths(slug, classId).walkIn(meeting);
  const answer = await fetchJson(url, { method: 'POST', body: request, bearer: token });
  return checked(answer, url, { state: ['enrolled', 'guest'] });
}
