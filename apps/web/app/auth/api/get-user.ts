/**
 * After sign-in (spec sections 4 and 7): the person's id from the provider's Graph-shaped
 * `GET /v1.0/me`, and a backend token bound to them from GET /api/auth/get-token (or, for
 * 'Acessar', an anonymous one).
 */
import type { GetTokenResponse } from '@centro/contracts';
import { apiPaths, GRAPH_ME_PATH } from '@centro/contracts/paths';
import { checked } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';
import { storeApiToken } from '../token-store';
import type { AuthUser, UserWithToken } from '../types';
import { toAuthUser } from './user-details';

/** Where the person's tokens come from (MSAL, silently, for the first signed-in account). */
export interface TokenSources {
  /** Origin of the Graph API. */
  graphUrl: string;
  /** The provider's access token for Graph. */
  graphToken: () => Promise<string>;
  /** The provider's access token for this API. */
  apiToken: () => Promise<string>;
}

const accessToken = (answer: unknown): string =>
  checked<GetTokenResponse>(answer, apiPaths.getToken, { access_token: 'string' }).access_token;

/** 'Acessar': the anonymous backend token, stored before the redirect to the provider. */
export async function fetchAnonymousToken(timeoutMs?: number): Promise<string> {
  const token = accessToken(await fetchJson(apiPaths.getToken, { timeoutMs }));
  storeApiToken(token);
  return token;
}

/** A backend token bound to the person, for the provider's API token; stored in place of any other. */
export async function fetchBoundToken(providerToken: string): Promise<string> {
  const token = accessToken(await fetchJson(apiPaths.getToken, { bearer: providerToken }));
  storeApiToken(token);
  return token;
}

/** The person as the provider's Graph knows them. */
export async function fetchMe(graphUrl: string, graphToken: string): Promise<AuthUser> {
  const url = `${graphUrl}${GRAPH_ME_PATH}`;
  return toAuthUser(await fetchJson(url, { bearer: graphToken }), url);
}

/** getUser: the person (from Graph) and a fresh bound backend token. */
export async function getUserWithToken(sources: TokenSources): Promise<UserWithToken> {
  const user = await fetchMe(sources.graphUrl, await sources.graphToken());
  const token = await fetchBoundToken(await sources.apiToken());
  return { user, token };
}
