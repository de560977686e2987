/**
 * Hostile input to /api beyond the bodies: any other Authorization header on the token endpoints,
 * any method on any /api path, an undecodable URL and an over-long route parameter. Never a 5xx;
 * /api refuses with a JSON `{error, message}`.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  contentTypes,
  headerValue,
  hostileString,
  hostileValue,
  oddHeaders,
  oddString,
} from '../support/hostile.js';
import { formEncode, pathSegment, expectApiAnswer, describeHostile } from './harness.js';

await describeHostile('hostile api-paths', (hostile) => {
  const { runs, sendChecked } = hostile;

  it(
    'GET /api/auth/get-token and /v1.0/me refuse any other Authorization with a 401 JSON',
    { timeout: 30_000 },
    async () => {
      const { api, alice } = hostile;
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const jwtShaped = fc
        .tuple(
          fc.oneof(
            hostileValue(['alg', 'typ', 'kid', 'jku', 'x5u', 'crit']),
            fc.record({
              alg: fc.constantFrom('none', 'HS256', 'RS256', 'ES256', 'PS256', 'EdDSA', 'RS1'),
              typ: fc.constantFrom('at+jwt', 'JWT', 'centro-api+jwt'),
              kid: hostileString,
            }),
          ),
          hostileValue(['iss', 'aud', 'sub', 'exp', 'scp', 'oid', 'client_id']),
          fc.string({ unit: fc.constantFrom(...'AZaz09-_'), maxLength: 400 }),
        )
        .map(([header, claims, signature]) => `${b64(header)}.${b64(claims)}.${signature}`);
      const authorization = fc.oneof(
        headerValue,
        jwtShaped.map((jwt) => `Bearer ${jwt}`),
        fc.constantFrom('Bearer', 'bearer  x', 'Bearer a.b.c', 'Bearer ====', 'DPoP x'),
        fc.constant('api').map(() => `Bearer ${api.tokenFor(alice)}`),
        fc.constant('anonymous').map(() => `Bearer ${api.anonymousToken()}`),
        fc.string({ unit: fc.constantFrom(...'AZaz09-._~+/='), maxLength: 600 }).map((token) => {
          return `Bearer ${token}`;
        }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('/api/auth/get-token', '/v1.0/me'),
          fc.option(authorization, { freq: 8 }),
          fc.option(fc.tuple(contentTypes, hostileString), { freq: 2 }),
          oddHeaders,
          async (url, auth, body, headers) => {
            const res = await sendChecked(
              {
                method: 'GET',
                url,
                headers: {
                  ...headers,
                  authorization: auth ?? undefined,
                  ...(body ? { 'content-type': body[0] } : {}),
                },
                ...(body ? { body: body[1] } : {}),
              },
              expectApiAnswer,
            );
            // Only an absent header gets the anonymous token; nothing here is a valid provider token.
            if (auth !== null) expect(res.statusCode).toBeGreaterThanOrEqual(400);
          },
        ),
        { numRuns: runs(60) },
      );
    },
  );

  it('any method on any /api path answers JSON, never a 5xx', { timeout: 30_000 }, async () => {
    const paths = fc.oneof(
      fc.constantFrom(
        '/api',
        '/api/',
        '/api/auth/get-token',
        '/api/user/details',
        '/api/user/update',
        '/api/user/update/security-attributes',
        '/api/group/add',
        '/api/courses/availability',
        '/api/openapi.json',
        '/api/nada',
        '/api//user//details',
        '/api/user/details/',
        '/api/user/details?__proto__[x]=1&id=1&id=2',
        '/api/courses/availability?callback=alert(1)',
        '/api/%zz',
        '/api/%00',
        '/api/..%2f..%2fetc%2fpasswd',
        `/api/${'a'.repeat(10_000)}`,
      ),
      oddString.map((text) => `/api/${pathSegment(text)}`),
      fc
        .tuple(fc.constantFrom('/api/user/details', '/api/courses/availability'), oddString)
        .map(([path, text]) => `${path}?${formEncode([[text, text]])}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        paths,
        fc.option(fc.tuple(contentTypes, hostileString), { freq: 2 }),
        oddHeaders,
        async (method, url, body, headers) => {
          await sendChecked(
            {
              method,
              url,
              headers: { ...headers, ...(body ? { 'content-type': body[0] } : {}) },
              ...(body && method !== 'GET' && method !== 'HEAD' ? { body: body[1] } : {}),
            },
            expectApiAnswer,
          );
        },
      ),
      { numRuns: runs(60) },
    );
  });
  // Fastify's own answer unless buildApp passes `frameworkErrors: errorHandler`.
  it('answers an undecodable URL and an over-long route parameter with its own refusals', async () => {
    const { api } = hostile;
    const api400 = await api.app.inject({ url: '/api/%zz' });
    expectApiAnswer(api400, 'GET /api/%zz');
    expect(JSON.parse(api400.body)).not.toHaveProperty('code');
    const page = await api.app.inject({ url: `/idp/interaction/${'u'.repeat(101)}/entrar` });
    expect(page.statusCode).toBeGreaterThanOrEqual(400);
    expect(page.statusCode).toBeLessThan(500);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).not.toContain('FST_ERR');
  });
});
