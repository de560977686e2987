/**
 * Hostile requests to the provider's token endpoint (an OAuth error, never a 5xx), its authorization
 * endpoint and the rest of /idp (any request answered, never a 5xx).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { BUILT_IN_API_SCOPE } from '@centro/contracts/identity';
import { hostileKey, hostileString, hostileValue, oddHeaders } from '../support/hostile.js';
import {
  SITE,
  REDIRECT_URI,
  formEncode,
  FORM,
  formContentTypes,
  hostileForm,
  expectOAuthAnswer,
  describeHostile,
} from './harness.js';

await describeHostile('hostile idp-endpoints', (hostile) => {
  const { runs, sendChecked } = hostile;

  it(
    'the token endpoint answers any request with an OAuth error, never a 5xx',
    { timeout: 30_000 },
    async () => {
      const form = hostileForm({
        grant_type: fc.oneof(
          fc.constantFrom(
            'authorization_code',
            'refresh_token',
            'client_credentials',
            'password',
            'urn:ietf:params:oauth:grant-type:device_code',
            'urn:ietf:params:oauth:grant-type:token-exchange',
          ),
          hostileString,
        ),
        client_id: fc.oneof(fc.constant('centro-web'), hostileString),
        code: hostileString,
        refresh_token: hostileString,
        code_verifier: fc.oneof(fc.constant('a'.repeat(43)), hostileString),
        redirect_uri: fc.oneof(fc.constant(REDIRECT_URI), hostileString),
        scope: fc.oneof(fc.constantFrom('openid profile', BUILT_IN_API_SCOPE), hostileString),
        resource: hostileString,
        client_assertion: hostileString,
      });
      await fc.assert(
        fc.asyncProperty(
          form,
          formContentTypes,
          oddHeaders,
          fc.constantFrom(SITE, undefined, 'http://evil.example', 'null'),
          async (body, contentType, headers, origin) => {
            await sendChecked(
              {
                method: 'POST',
                url: '/idp/token',
                body,
                headers: { ...headers, 'content-type': contentType, origin },
              },
              expectOAuthAnswer,
            );
          },
        ),
        {
          numRuns: runs(50),
          examples: [
            // PostgreSQL cannot look up a code, a refresh token or a client id with NUL.
            [
              `grant_type=authorization_code&client_id=centro-web&code=a%00b&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&code_verifier=${'a'.repeat(43)}`,
              FORM,
              {},
              SITE,
            ],
            ['grant_type=refresh_token&client_id=centro-web&refresh_token=a%00b', FORM, {}, SITE],
            ['grant_type=refresh_token&client_id=a%00b&refresh_token=x', FORM, {}, SITE],
          ],
        },
      );
    },
  );

  it(
    'the authorization endpoint and the rest of /idp answer any request, never a 5xx',
    { timeout: 30_000 },
    async () => {
      const valid = {
        client_id: 'centro-web',
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
        scope: 'openid profile User.Read',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 'x',
        nonce: 'y',
      };
      const extraParams = [
        'prompt',
        'response_mode',
        'login_hint',
        'max_age',
        'claims',
        'request',
        'request_uri',
        'ui_locales',
        'acr_values',
        'id_token_hint',
        'post_logout_redirect_uri',
        'resource',
        'registration',
      ];
      const query = fc
        .tuple(
          fc.record(
            Object.fromEntries(
              Object.entries(valid).map(([name, value]) => [
                name,
                fc.oneof(
                  { weight: 3, arbitrary: fc.constant(value) },
                  { weight: 1, arbitrary: hostileString },
                ),
              ]),
            ),
          ),
          fc.array(
            fc.tuple(
              fc.oneof(fc.constantFrom(...extraParams), hostileKey()),
              fc.oneof(
                hostileString,
                hostileValue().map((value) => JSON.stringify(value) ?? ''),
                fc.constantFrom(
                  'create',
                  'login',
                  'none',
                  'consent',
                  'select_account',
                  '-1',
                  '1e9',
                ),
              ),
            ),
            { maxLength: 3 },
          ),
        )
        .map(([base, extra]) =>
          formEncode([...Object.entries(base), ...extra].map(([k, v]) => [k, v.slice(0, 4_000)])),
        );
      const target = fc.oneof(
        { weight: 4, arbitrary: query.map((q) => ({ method: 'GET', url: `/idp/auth?${q}` })) },
        {
          weight: 2,
          arbitrary: fc
            .tuple(
              fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'),
              fc.constantFrom(
                '/idp/auth',
                '/idp/token',
                '/idp/me',
                '/idp/jwks',
                '/idp/session/end',
                '/idp/session/end/confirm',
                '/idp/session/end/success',
                '/idp/.well-known/openid-configuration',
                '/idp/interaction/x',
                '/idp/interaction/x/cancelar',
                '/idp/nada',
                '/idp/',
                '/idp',
                '/idp/%zz',
              ),
              query,
            )
            .map(([method, path, q]) => ({ method, url: `${path}?${q}` })),
        },
      );
      await fc.assert(
        fc.asyncProperty(
          target,
          fc.option(fc.tuple(formContentTypes, hostileForm({ x: hostileString })), { freq: 2 }),
          oddHeaders,
          async ({ method, url }, body, headers) => {
            await sendChecked(
              {
                method,
                url,
                headers: { ...headers, ...(body ? { 'content-type': body[0] } : {}) },
                ...(body && method !== 'GET' && method !== 'HEAD' ? { body: body[1] } : {}),
              },
              (res, context) => {
                expect(res.statusCode, context).toBeLessThan(500);
              },
            );
          },
        ),
        {
          numRuns: runs(50),
          examples: [
            [{ method: 'GET', url: '/idp/auth?client_id=a%00b&response_type=code' }, null, {}],
          ],
        },
      );
    },
  );
});
