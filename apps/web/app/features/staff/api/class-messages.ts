/**
 * 'Enviar mensagem à turma' (Coordenação and Secretaria): POST
 * /api/staff/courses/:slug/classes/:classId/messages, and the course's classes to choose from.
 */
import type {
  StaffClass,
  StaffClassMessageRequest,
  StaffClassMessageResponse,
} from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export async function fetchClasses(slug: string, token: string): Promise<StaffClass[]> {
  const url = staffCoursePaths(slug).classList;
  return checked<{ classes: StaffClass[] }>(await fetchJson(url, { bearer: token }), url, {
    classes: 'array',
  }).classes;
}

/** Sends the message; resolves to how many people it went to and how many more may go today. */
export async function sendClassMessage(
  slug: string,
  classId: string,
  message: StaffClassMessageRequest,
  token: string,
): Promise<StaffClassMessageResponse> {
  const url = staffCoursePaths(slug).classMessages(classId);
  return checked(await fetchJson(url, { method: 'POST', body: message, bearer: token }), url, {
    recipients: 'number',
    left: 'number',
  });
}
