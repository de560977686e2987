/**
 * After sign-in (spec sections 4 and 7): the person's id from the provider's Graph-shaped
 * `GET /v1.0/me`, a backend token bound to them from GET /api/auth/get-token, then their details from
 * POST /api/user/details. Shapes as in packages/contracts (getTokenResponseSchema, graphMeSchema,
 * userDetailsResponseSchema), checked by hand (lib/auth-user.ts): zod stays out of the browser.
 */
import { isRecord, toAuthUser, UnexpectedAnswerError } from '~/lib/auth-user';
import { fetchJson } from '~/lib/http';
import { storeApiToken } from './token-store';
import type { AuthUser, UserWithToken } from './types';

export const GET_TOKEN_PATH = '/api/auth/get-token';
export const USER_DETAILS_PATH = '/api/user/details';

/** Where the person's tokens come from (MSAL, silently, for the first signed-in account). */
export interface TokenSources {
  /** Origin of the Graph API. */
  graphUrl: string;
  /** The provider's access token for Graph. */
  graphToken: () => Promise<string>;
  /** The provider's access token for this API. */
  apiToken: () => Promise<string>;
}

function accessToken(answer: unknown): string {
  const token = isRecord(answer) ? answer.access_token : undefined;
  if (typeof token !== 'string' || token === '') {
    throw new UnexpectedAnswerError(`${GET_TOKEN_PATH} answered without an access_token`);
  }
  return token;
}

/** 'Acessar': the anonymous backend token, stored before the redirect to the provider. */
export async function fetchAnonymousToken(timeoutMs?: number): Promise<string> {
  const token = accessToken(await fetchJson(GET_TOKEN_PATH, { timeoutMs }));
  storeApiToken(token);
  return token;
}

/** A backend token bound to the person, for the provider's API token; stored in place of any other. */
export async function fetchBoundToken(providerToken: string): Promise<string> {
  const token = accessToken(await fetchJson(GET_TOKEN_PATH, { bearer: providerToken }));
  storeApiToken(token);
  return token;
}

/** The person as the provider's Graph knows them. */
export async function fetchMe(graphUrl: string, graphToken: string): Promise<AuthUser> {
  const url = `${graphUrl}/v1.0/me`;
  return toAuthUser(await fetchJson(url, { bearer: graphToken }), url);
}

/** getUser: the person (from Graph) and a fresh bound backend token. */
export async function getUserWithToken(sources: TokenSources): Promise<UserWithToken> {
  const user = await fetchMe(sources.graphUrl, await sources.graphToken());
  const token = await fetchBoundToken(await sources.apiToken());
  return { user, token };
}

/** The product's user state: POST /api/user/details with the person's id and bound token. */
export async function fetchUserDetails({ user, token }: UserWithToken): Promise<AuthUser> {
  const answer = await fetchJson(USER_DETAILS_PATH, {
    method: 'POST',
    body: { id: user.id, token },
  });
  const data = isRecord(answer) ? answer.data : undefined;
  return toAuthUser(data, USER_DETAILS_PATH);
}
