/**
 * The API's conventions on every /api route: a body that is not JSON is
 * refused with 415, a body over the limit with 413, both as JSON `{error, message}` in pt-BR.
 */
import { API_BODY_LIMIT_BYTES, ErrorCode } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/api-app.js';
import { REFUSALS } from '../../refusals/catalogue.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

const routes = [
  ['GET', '/api/auth/get-token'],
  ['GET', '/api/courses/availability'],
  ['POST', '/api/user/details'],
  ['POST', '/api/user/update'],
  ['POST', '/api/user/update/security-attributes'],
  ['POST', '/api/group/add'],
] as const;

describe.each(routes)('%s %s', (method, url) => {
  it('refuses a body that is not JSON with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const res = await api.app.inject({
        method,
        url,
        headers: { 'content-type': type },
        payload: 'a=1',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({
        error: ErrorCode.UnsupportedMediaType,
        message: REFUSALS.unsupportedMediaType.message,
      });
    }
  });

  it('refuses a JSON body over the limit with 413', async () => {
    const res = await api.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(API_BODY_LIMIT_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: ErrorCode.PayloadTooLarge,
      message: REFUSALS.payloadTooLarge.message,
    });
  });
});
