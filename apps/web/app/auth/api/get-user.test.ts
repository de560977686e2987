import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@centro/contracts/paths';
import type { ApiError } from '~/lib/api-error';
import { readApiToken } from '../token-store';
import { fetchAnonymousToken, getUserWithToken } from './get-user';
import { fetchUserDetails, toAuthUser } from './user-details';

const me = {
  id: 'person-1',
  displayName: 'Maria da Silva',
  mail: 'maria@example.org',
  mobilePhone: null,
  birthday: null,
  extensionCelular: '+55 11 98765-4321',
  extensionDataNascimento: '01/02/1990',
};

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/** A fetch stand-in answering by path; records every call. */
function serve(routes: Record<string, () => Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = new Headers(init.headers);
    calls.push({
      url,
      method: init.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const route = routes[new URL(url, 'http://localhost:3000').pathname];
    return route ? route() : new Response('{"error":"not_found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const json = (body: unknown) => () => Response.json(body);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('getUser', () => {
  it('reads the id from Graph, then exchanges the API token for a bound one, stored', async () => {
    const calls = serve({
      '/v1.0/me': json(me),
      '/api/auth/get-token': json({ access_token: 'bound', token_type: 'Bearer', expires_in: 900 }),
    });
    const result = await getUserWithToken({
      graphUrl: 'http://localhost:3000',
      graphToken: async () => 'graph-token',
      apiToken: async () => 'api-token',
    });
    expect(result).toEqual({ user: me, token: 'bound' });
    expect(calls.map(({ url, authorization }) => [url, authorization])).toEqual([
      ['http://localhost:3000/v1.0/me', 'Bearer graph-token'],
      ['/api/auth/get-token', 'Bearer api-token'],
    ]);
    expect(readApiToken()).toBe('bound');
  });

  it('fails when Graph gives no id or the token endpoint no token', async () => {
    serve({ '/v1.0/me': json({ displayName: 'x' }) });
    const sources = {
      graphUrl: 'https://graph.microsoft.com',
      graphToken: async () => 'g',
      apiToken: async () => 'a',
    };
    await expect(getUserWithToken(sources)).rejects.toThrow(/user id/);
    serve({ '/v1.0/me': json(me), '/api/auth/get-token': json({ token: 'x' }) });
    await expect(getUserWithToken(sources)).rejects.toThrow(/access_token/);
    expect(readApiToken()).toBeNull();
  });
});

describe('the anonymous token of "Acessar"', () => {
  it('is fetched without credentials and stored under the host key', async () => {
    const calls = serve({
      '/api/auth/get-token': json({ access_token: 'anon', token_type: 'Bearer', expires_in: 300 }),
    });
    expect(await fetchAnonymousToken()).toBe('anon');
    expect(calls[0]?.authorization).toBeNull();
    expect(localStorage.getItem(window.location.host)).toBe('anon');
  });
});

describe('the user details', () => {
  it('are posted with the id and the bound token, and read from data', async () => {
    const calls = serve({
      [apiPaths.userDetails]: json({ data: { ...me, dataNascimento: null } }),
    });
    const details = await fetchUserDetails({ user: toAuthUser(me, 'test'), token: 'bound' });
    expect(details).toEqual({ ...me, dataNascimento: null });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { id: 'person-1', token: 'bound' },
    });
  });

  it('fail with the status when the endpoint answers an error', async () => {
    serve({});
    await expect(
      fetchUserDetails({ user: toAuthUser(me, 'test'), token: 'bound' }),
    ).rejects.toMatchObject({ status: 404 } satisfies Partial<ApiError>);
  });
});
