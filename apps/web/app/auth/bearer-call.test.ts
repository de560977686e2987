import { describe, expect, it, vi } from 'vitest';
import { testUser } from '~/test/auth';
import { ApiError } from '~/lib/api-error';
import { SignedOutError } from '~/lib/signed-out-error';
import { createBearerCall } from './bearer-call';

const none = () => null;

describe('createBearerCall', () => {
  it('asks for a token once and reuses it', async () => {
    const getUser = vi.fn(async () => ({ user: testUser, token: 't1' }));
    const call = createBearerCall(getUser, none);
    expect(await call(async (token) => `a:${token}`)).toBe('a:t1');
    expect(await call(async (token) => `b:${token}`)).toBe('b:t1');
    expect(getUser).toHaveBeenCalledOnce();
  });

  it('starts from the stored token, without the provider', async () => {
    const getUser = vi.fn(async () => ({ user: testUser, token: 'fresh' }));
    const call = createBearerCall(getUser, () => 'stored');
    expect(await call(async (token) => token)).toBe('stored');
    expect(getUser).not.toHaveBeenCalled();
  });

  it('takes a new token once when the API refuses the old one', async () => {
    const getUser = vi.fn(async () => ({ user: testUser, token: 'new' }));
    const call = createBearerCall(getUser, () => 'old');
    const seen: string[] = [];
    const answer = await call(async (token) => {
      seen.push(token);
      if (token === 'old') throw new ApiError(401, '/api/staff/me', 'invalid_token', 'expirado');
      return 'ok';
    });
    expect(answer).toBe('ok');
    expect(seen).toEqual(['old', 'new']);
  });

  it('does not retry other refusals, and says when nobody is signed in', async () => {
    const call = createBearerCall(async () => ({ user: testUser, token: 't' }), none);
    const forbidden = new ApiError(403, '/api/staff/courses', 'forbidden', 'não');
    const attempt = vi.fn(async () => Promise.reject(forbidden));
    await expect(call(attempt)).rejects.toBe(forbidden);
    expect(attempt).toHaveBeenCalledOnce();
    await expect(createBearerCall(async () => null, none)(async () => 1)).rejects.toBeInstanceOf(
      SignedOutError,
    );
  });
});
