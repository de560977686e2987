/**
 * The tenant stand-in's browser side as Entra behaves: ID tokens carry the `login_hint`
 * optional claim and sign-out skips the account picker only with it as `logout_hint`; API tokens
 * carry the person's app roles; a SPA's refresh token ends 24 hours after sign-in, however often it
 * is used, on a clock the test moves.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:https';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEntraStandIn, type EntraStandIn } from './entra-stand-in.js';
import { createTestCertificate } from './graph-stand-in/certificate.js';

const SITE = 'https://www.centro.example/';
let tenant: EntraStandIn;

beforeAll(async () => {
  const tls = createTestCertificate({ commonName: 'centro.ciamlogin.com' });
  tenant = await startEntraStandIn({ kind: 'ciam', tls: { cert: tls.cert, key: tls.key } });
  tenant.redirectUris.add(SITE);
});
afterAll(() => tenant.close());

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** One https request to the stand-in (its certificate is not what this test is about). */
function send(
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      `${tenant.origin}${path}`,
      {
        method,
        rejectUnauthorized: false,
        headers: {
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const base = () => `/${tenant.tenantId}/oauth2/v2.0`;
const apiScope = () => `api://${tenant.apiClientId}/access_as_user`;

/** The authorization code flow with PKCE, as MSAL runs it in the browser: its token answer. */
async function signIn(email: string): Promise<Record<string, string>> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: tenant.spaClientId,
    redirect_uri: SITE,
    response_type: 'code',
    response_mode: 'query',
    scope: `openid offline_access ${apiScope()}`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'estado',
  });
  const page = await send('GET', `${base()}/authorize?${query}`);
  const id = /name="request" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const back = await send('POST', `${base()}/authorize`, { request: id, email, name: email });
  const code = new URL(back.location ?? SITE).searchParams.get('code') ?? '';
  const answer = await send(
    'POST',
    `${base()}/token`,
    {
      client_id: tenant.spaClientId,
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: SITE,
      scope: `openid offline_access ${apiScope()}`,
    },
    { origin: 'https://www.centro.example' },
  );
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as Record<string, string>;
}

const refresh = (refreshToken: string) =>
  send(
    'POST',
    `${base()}/token`,
    {
      client_id: tenant.spaClientId,
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      scope: apiScope(),
    },
    { origin: 'https://www.centro.example' },
  );

describe('the External ID tenant stand-in', () => {
  it('signs out without the account picker only with the login_hint claim as logout_hint', async () => {
    const tokens = await signIn('ana@example.org');
    const hint = decodeJwt(tokens.id_token ?? '').login_hint;
    expect(typeof hint).toBe('string');
    const target = encodeURIComponent(SITE);
    const hinted = await send(
      'GET',
      `${base()}/logout?post_logout_redirect_uri=${target}&logout_hint=${String(hint)}`,
    );
    expect(hinted).toMatchObject({ status: 302, location: SITE });
    const bare = await send(
      'GET',
      `${base()}/logout?post_logout_redirect_uri=${target}&id_token_hint=${tokens.id_token}`,
    );
    expect(bare.status).toBe(200);
    expect(bare.body).toContain('Escolha uma conta');
  });

  it("puts the person's app roles in the API's access token", async () => {
    tenant.onSignUp = (person) => {
      person.roles = ['Coordenacao'];
    };
    try {
      const tokens = await signIn('coordenadora@example.org');
      expect(decodeJwt(tokens.access_token ?? '').roles).toEqual(['Coordenacao']);
    } finally {
      delete tenant.onSignUp;
    }
    const other = await signIn('participante@example.org');
    expect(decodeJwt(other.access_token ?? '').roles).toBeUndefined();
  });

  it("ends a SPA's refresh token 24 hours after sign-in, however often it was used (AADSTS700084)", async () => {
    const first = await signIn('bruno@example.org');
    tenant.advanceClock(23 * 3600_000);
    const renewed = await refresh(first.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    const second = (JSON.parse(renewed.body) as Record<string, string>).refresh_token ?? '';
    tenant.advanceClock(2 * 3600_000);
    for (const token of [first.refresh_token ?? '', second]) {
      const expired = await refresh(token);
      expect(expired.status).toBe(400);
      expect(JSON.parse(expired.body)).toMatchObject({
        error: 'invalid_grant',
        error_codes: [700084],
      });
    }
  });
});
