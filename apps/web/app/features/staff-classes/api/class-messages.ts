/**
 * 'Enviar mensagem à turma' (Coordenação and Secretaria): POST
 * /api/staff/courses/:slug/classes/:classId/messages (the classes: ./classes.ts).
 */
import type { StaffClassMessageRequest, StaffClassMessageResponse } from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

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
