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
      'VITE_AUTH_GRAPH_SCOPES',
      'VITE_AUTH_API_SCOPE',
    ]) {
      expect(message).toContain(name);
    }
  });
});
