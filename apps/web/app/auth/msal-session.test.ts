import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './msal-session';

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
