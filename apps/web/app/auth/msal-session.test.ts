import { InteractionRequiredAuthError } from '@azure/msal-browser';
import { ErrorCode } from '@centro/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { isSessionEnd, safeReturnPath } from './msal-session';

describe('an ended session', () => {
  it('is the provider asking for a sign-in, or the API refusing an ended session', () => {
    for (const code of ['interaction_required', 'invalid_grant', 'login_required']) {
      expect(isSessionEnd(new InteractionRequiredAuthError(code, code))).toBe(true);
    }
    expect(isSessionEnd(new ApiError(401, '/api/auth/get-token', ErrorCode.SessionEnded))).toBe(
      true,
    );
  });

  it('is not any other failure', () => {
    expect(isSessionEnd(new ApiError(401, '/api/me/data', ErrorCode.InvalidToken))).toBe(false);
    expect(isSessionEnd(new ApiError(503, '/api/auth/get-token'))).toBe(false);
    expect(isSessionEnd(new Error('offline'))).toBe(false);
  });
});

describe('the page to come back to after sign-in', () => {
  it('is a path of this site', () => {
    expect(safeReturnPath('/global-kardec/passe')).toBe('/global-kardec/passe');
    expect(safeReturnPath('/contato?x=1')).toBe('/contato?x=1');
  });

  it('is nothing else: no open redirect through the state', () => {
    for (const state of [
      undefined,
      null,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnPath(state)).toBeNull();
    }
  });
});
