/** LGPD art. 18: 'Baixar meus dados' (GET /api/me/data) and 'Excluir minha conta' (POST /api/me/delete). */
import type { MyAccountDeleteResponse, MyData } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { checked } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';
import { fetchFile } from '~/lib/api-file';
import { saveFile } from '~/lib/save-file';

/** Downloads everything the product holds about the person, as the JSON file the server names. */
export async function downloadMyData(token: string): Promise<void> {
  const { blob, fileName } = await fetchFile(apiPaths.myData, { bearer: token });
  saveFile(blob, fileName ?? 'meus-dados.json');
}

/** The same data, to read on the page ('Ver meus dados'). */
export async function fetchMyData(token: string): Promise<MyData> {
  const url = apiPaths.myData;
  return checked<MyData>(await fetchJson(url, { bearer: token }), url, {
    exportedAt: 'string',
    account: 'object',
    enrolments: 'array',
    waitingList: 'array',
    history: 'array',
    prerequisiteExceptions: 'array',
    certificates: 'array',
    deskConsents: 'array',
    openingAlerts: 'array',
    messages: 'array',
    attendance: 'array',
    staffActions: 'array',
    staffRoles: 'array',
  });
}

/** Deletes the account; `confirmation` is what the person typed. */
export async function deleteMyAccount(
  confirmation: string,
  token: string,
): Promise<Pick<MyAccountDeleteResponse, 'accountDeleted' | 'message'>> {
  const url = apiPaths.myAccountDelete;
  const answer = await fetchJson(url, { method: 'POST', body: { confirmation }, bearer: token });
  const { accountDeleted, message } = checked<MyAccountDeleteResponse>(answer, url, {
    deleted: [true],
    message: 'string',
  });
  return { accountDeleted: accountDeleted === true, message };
}
