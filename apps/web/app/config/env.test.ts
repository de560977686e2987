import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults the site URL to http://localhost:3000', () => {
    expect(parseEnv({}).VITE_SITE_URL).toBe('http://localhost:3000');
    expect(parseEnv({ VITE_SITE_URL: '' }).VITE_SITE_URL).toBe('http://localhost:3000');
  });

  it('keeps the origin of a valid URL', () => {
    expect(parseEnv({ VITE_SITE_URL: 'https://www.centro.org.br/' }).VITE_SITE_URL).toBe(
      'https://www.centro.org.br',
    );
  });

  it('rejects anything else with a readable message', () => {
    expect(() => parseEnv({ VITE_SITE_URL: 'not a url' })).toThrow(/VITE_SITE_URL/);
    expect(() => parseEnv({ VITE_SITE_URL: 'ftp://centro.org.br' })).toThrow(/VITE_SITE_URL/);
    expect(() => parseEnv({ VITE_SITE_URL: 'https://centro.org.br/site' })).toThrow(/origin/);
  });

  it('leaves the identity settings to the built-in provider by default', () => {
    const env = parseEnv({});
    expect(env.VITE_AUTH_AUTHORITY).toBeUndefined();
    expect(env.VITE_AUTH_CLIENT_ID).toBe('centro-web');
    expect(env.VITE_AUTH_PROTOCOL_MODE).toBe('OIDC');
    expect(env.VITE_AUTH_REDIRECT_URI).toBeUndefined();
    expect(env.VITE_AUTH_GRAPH_URL).toBeUndefined();
    expect(env.VITE_AUTH_GRAPH_SCOPES).toBeUndefined();
    expect(env.VITE_AUTH_API_SCOPE).toBeUndefined();
  });

  it('accepts plain http for the provider only on this machine', () => {
    expect(
      parseEnv({ VITE_AUTH_AUTHORITY: 'http://localhost:3000/idp/' }).VITE_AUTH_AUTHORITY,
    ).toBe('http://localhost:3000/idp');
    expect(() => parseEnv({ VITE_AUTH_AUTHORITY: 'http://idp.centro.org.br/idp' })).toThrow(
      /VITE_AUTH_AUTHORITY must use https/,
    );
    expect(() => parseEnv({ VITE_AUTH_REDIRECT_URI: 'http://www.centro.org.br/' })).toThrow(
      /VITE_AUTH_REDIRECT_URI must use https/,
    );
    expect(() => parseEnv({ VITE_AUTH_AUTHORITY: 'https://x.example/idp?a=1' })).toThrow(
      /query or fragment/,
    );
  });

  it('splits the Graph scopes and takes exactly one API scope', () => {
    const env = parseEnv({
      VITE_AUTH_GRAPH_SCOPES: ' User.Read  User.ReadWrite.All ',
      VITE_AUTH_API_SCOPE: 'api://x/access_as_user',
    });
    expect(env.VITE_AUTH_GRAPH_SCOPES).toEqual(['User.Read', 'User.ReadWrite.All']);
    expect(env.VITE_AUTH_API_SCOPE).toBe('api://x/access_as_user');
    expect(() => parseEnv({ VITE_AUTH_API_SCOPE: 'a b' })).toThrow(/single scope/);
    expect(() => parseEnv({ VITE_AUTH_CLIENT_ID: 'has space' })).toThrow(/VITE_AUTH_CLIENT_ID/);
    expect(() => parseEnv({ VITE_AUTH_PROTOCOL_MODE: 'SAML' })).toThrow(/OIDC or AAD/);
  });

  it('requires every Entra ID value with protocol mode AAD, naming each one missing', () => {
    let message = '';
    try {
      parseEnv({ VITE_AUTH_PROTOCOL_MODE: 'AAD' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of [
      'VITE_AUTH_AUTHORITY',
      'VITE_AUTH_CLIENT_ID',
      'VITE_AUTH_GRAPH_URL',
      'VITE_AUTH_API_SCOPE',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('VITE_AUTH_GRAPH_SCOPES');
  });

  const ENTRA = {
    VITE_AUTH_PROTOCOL_MODE: 'AAD',
    VITE_AUTH_CLIENT_ID: '11111111-1111-1111-1111-111111111111',
    VITE_AUTH_GRAPH_URL: 'https://graph.microsoft.com',
    VITE_AUTH_API_SCOPE: 'api://22222222-2222-2222-2222-222222222222/access_as_user',
  };
  const TENANT = '7b3a4f2e-1c9d-4e8a-9f60-2d5c8b1a0e47';

  it('refuses an External ID authority without the tenant id, which MSAL would refuse at sign-in', () => {
    expect(() =>
      parseEnv({ ...ENTRA, VITE_AUTH_AUTHORITY: 'https://centro.ciamlogin.com/' }),
    ).toThrow(/must carry the tenant id/);
    expect(() =>
      parseEnv({
        ...ENTRA,
        VITE_AUTH_AUTHORITY: 'https://centro.ciamlogin.com/centro.onmicrosoft.com',
      }),
    ).toThrow(/must carry the tenant id/);
    expect(
      parseEnv({ ...ENTRA, VITE_AUTH_AUTHORITY: `https://centro.ciamlogin.com/${TENANT}` })
        .VITE_AUTH_AUTHORITY,
    ).toBe(`https://centro.ciamlogin.com/${TENANT}`);
    expect(
      parseEnv({ ...ENTRA, VITE_AUTH_AUTHORITY: `https://login.microsoftonline.com/${TENANT}` })
        .VITE_AUTH_AUTHORITY,
    ).toBe(`https://login.microsoftonline.com/${TENANT}`);
  });

  it('asks the browser for User.Read only with Entra, and refuses admin-only scopes', () => {
    const authority = `https://login.microsoftonline.com/${TENANT}`;
    expect(() =>
      parseEnv({
        ...ENTRA,
        VITE_AUTH_AUTHORITY: authority,
        VITE_AUTH_GRAPH_SCOPES: 'https://graph.microsoft.com/User.ReadWrite.All',
      }),
    ).toThrow(/must not ask the browser for https:\/\/graph.microsoft.com\/User.ReadWrite.All/);
    expect(parseEnv({ ...ENTRA, VITE_AUTH_AUTHORITY: authority }).VITE_AUTH_GRAPH_SCOPES).toBe(
      undefined,
    );
  });
});
