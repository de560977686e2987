/** LGPD art. 18: 'Baixar meus dados' (GET /api/me/data) and 'Excluir minha conta' (POST /api/me/delete). */
import type { MyAccountDeleteResponse } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson, isRecord, UnexpectedAnswerError } from '~/lib/api-client';
import { fetchFile } from '~/lib/api-file';
import { saveFile } from '~/lib/save-file';

/** Downloads everything the product holds about the person, as the JSON file the server names. */
export async function downloadMyData(token: string): Promise<void> {
  const { blob, fileName } = await fetchFile(apiPaths.myData, { bearer: token });
  saveFile(blob, fileName ?? 'meus-dados.json');
}

/** Deletes the account; `confirmation` is what the person typed. */
export async function deleteMyAccount(
  confirmation: string,
  token: string,
): Promise<Pick<MyAccountDeleteResponse, 'accountDeleted' | 'message'>> {
  const answer = await fetchJson(apiPaths.myAccountDelete, {
    method: 'POST',
    body: { confirmation },
    bearer: token,
  });
  if (!isRecord(answer) || answer.deleted !== true || typeof answer.message !== 'string') {
    throw new UnexpectedAnswerError(`${apiPaths.myAccountDelete} answered no deletion`);
  }
  return { accountDeleted: answer.accountDeleted === true, message: answer.message };
}
