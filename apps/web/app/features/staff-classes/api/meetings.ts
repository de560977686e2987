/**
 * A class's meetings as dates (decision 091): POST …/classes/:classId/meetings (one meeting
 * skipped, cancelled, moved, added or restored, Coordenação); and the centre's recesses (decision
 * 092): GET /api/staff/recesses, POST the same path, POST …/:id/remove (Coordenação).
 */
import type {
  StaffMeetingChangeRequest,
  StaffMeetingChangeResponse,
  StaffRecessesResponse,
  StaffRecessRequest,
} from '@centro/contracts';
import {
  STAFF_RECESSES_PATH,
  staffCoursePaths,
  staffRecessRemovePath,
} from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function changeMeeting(
  slug: string,
  classId: string,
  request: StaffMeetingChangeRequest,
  token: string,
): Promise<StaffMeetingChangeResponse> {
  const url = staffCoursePaths(slug).meetings(classId);
  return checked(await fetchJson(url, { method: 'POST', body: request, bearer: token }), url, {
    meetings: 'array',
    notified: 'number',
  });
}

export async function fetchRecesses(token: string): Promise<StaffRecessesResponse> {
  return checked(await fetchJson(STAFF_RECESSES_PATH, { bearer: token }), STAFF_RECESSES_PATH, {
    recesses: 'array',
  });
}

export async function addRecess(
  request: StaffRecessRequest,
  token: string,
): Promise<StaffRecessesResponse> {
  const url = STAFF_RECESSES_PATH;
  return checked(await fetchJson(url, { method: 'POST', body: request, bearer: token }), url, {
    recesses: 'array',
  });
}

export async function removeRecess(id: string, token: string): Promise<StaffRecessesResponse> {
  const url = staffRecessRemovePath(id);
  return checked(
    await fetchJson(url, { method: 'POST', body: { confirm: true }, bearer: token }),
    url,
    {
      recesses: 'array',
    },
  );
}
