import { describe, expect, it, vi } from 'vitest';
import { testUser } from '~/test/auth';
import { ApiError } from '~/lib/api-client';
import { createStaffCall, SignedOutError } from './staff-client';

describe('createStaffCall', () => {
  it('asks for a token once and reuses it', async () => {
    const getUser = vi.fn(async () => ({ user: testUser, token: 't1' }));
    const call = createStaffCall(getUser);
    expect(await call(async (token) => `a:${token}`)).toBe('a:t1');
    expect(await call(async (token) => `b:${token}`)).toBe('b:t1');
    expect(getUser).toHaveBeenCalledOnce();
  });

  it('takes a new token once when the API refuses the old one', async () => {
    const tokens = ['old', 'new'];
    const getUser = vi.fn(async () => ({ user: testUser, token: tokens.shift() ?? 'none' }));
    const call = createStaffCall(getUser);
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
    const call = createStaffCall(async () => ({ user: testUser, token: 't' }));
    const forbidden = new ApiError(403, '/api/staff/courses', 'forbidden', 'não');
    const attempt = vi.fn(async () => Promise.reject(forbidden));
    await expect(call(attempt)).rejects.toBe(forbidden);
    expect(attempt).toHaveBeenCalledOnce();
    await expect(createStaffCall(async () => null)(async () => 1)).rejects.toBeInstanceOf(
      SignedOutError,
    );
  });
});
