/** Perfil's 'Acesso à conta': GET /api/me/account and 'Alterar senha' (POST /api/me/password). */
import type { MyAccount, MyPasswordChangeRequest } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { checked } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';

/** The e-mail the person signs in with, and where their password changes. */
export async function fetchMyAccount(token: string): Promise<MyAccount> {
  const url = apiPaths.myAccount;
  return checked<MyAccount>(await fetchJson(url, { bearer: token }), url, {
    password: ['here', 'microsoft'],
  });
}

/** Changes the password (built-in provider), the current one first. */
export async function changeMyPassword(change: MyPasswordChangeRequest, token: string) {
  const url = apiPaths.myPassword;
  const answer = await fetchJson(url, { method: 'POST', body: change, bearer: token });
  checked(answer, url, { changed: [true] });
}
