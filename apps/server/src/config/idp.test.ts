import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('the built-in provider’s configuration', () => {
  it('needs nothing: issuer, client and addresses follow SITE_URL', () => {
    expect(loadConfig({ PORT: '3998' }).idp).toEqual({
      issuer: 'http://localhost:3998/idp',
      clientId: 'centro-web',
      redirectUris: ['http://localhost:3998/'],
      postLogoutRedirectUris: ['http://localhost:3998/'],
      apiAudience: 'api://centro',
      apiScope: 'api://centro/access_as_user',
      signInAttempts: { perEmail: 10, perAddress: 50 },
      signUpsPerAddress: 20,
    });
  });

  it('reads the client id and the redirect addresses (paths are relative to SITE_URL)', () => {
    const { idp } = loadConfig({
      SITE_URL: 'https://centro.org.br',
      IDP_CLIENT_ID: 'portal-web',
      IDP_REDIRECT_URIS: '/, /auth/retorno, http://localhost:5173/',
      IDP_POST_LOGOUT_REDIRECT_URIS: '/',
    });
    expect(idp).toMatchObject({
      issuer: 'https://centro.org.br/idp',
      clientId: 'portal-web',
      redirectUris: [
        'https://centro.org.br/',
        'https://centro.org.br/auth/retorno',
        'http://localhost:5173/',
      ],
      postLogoutRedirectUris: ['https://centro.org.br/'],
    });
  });

  it('reads the sign-in limits, 10 per e-mail and 50 per address by default', () => {
    expect(loadConfig({}).idp.signInAttempts).toEqual({ perEmail: 10, perAddress: 50 });
    expect(
      loadConfig({ IDP_SIGN_IN_ATTEMPTS_PER_EMAIL: '20', IDP_SIGN_IN_ATTEMPTS_PER_ADDRESS: '2000' })
        .idp.signInAttempts,
    ).toEqual({ perEmail: 20, perAddress: 2000 });
    expect(
      problems({ IDP_SIGN_IN_ATTEMPTS_PER_EMAIL: '2', IDP_SIGN_IN_ATTEMPTS_PER_ADDRESS: 'many' }),
    ).toEqual([
      'IDP_SIGN_IN_ATTEMPTS_PER_EMAIL must be a whole number of attempts from 3 to 1000 (got "2")',
      'IDP_SIGN_IN_ATTEMPTS_PER_ADDRESS must be a whole number of attempts from 10 to 100000 (got "many")',
    ]);
  });

  it('reads the sign-up limit per address, 20 in 15 minutes by default', () => {
    expect(loadConfig({}).idp.signUpsPerAddress).toBe(20);
    expect(loadConfig({ IDP_SIGN_UPS_PER_ADDRESS: '500' }).idp.signUpsPerAddress).toBe(500);
    expect(problems({ IDP_SIGN_UPS_PER_ADDRESS: '0' })).toEqual([
      'IDP_SIGN_UPS_PER_ADDRESS must be a whole number of accounts from 1 to 100000 (got "0")',
    ]);
  });

  it('names every wrong variable', () => {
    expect(
      problems({
        IDP_CLIENT_ID: 'web site',
        IDP_REDIRECT_URIS: '/ok, https://centro.org.br/#frag',
        IDP_POST_LOGOUT_REDIRECT_URIS: 'javascript:alert(1)',
      }),
    ).toEqual([
      'IDP_CLIENT_ID must be a client id: 1 to 128 letters, digits, ".", "_" or "-"',
      'IDP_REDIRECT_URIS must be a comma-separated list of http(s) URLs or paths starting with "/", without fragments, such as /,https://centro.org.br/ (got "/ok, https://centro.org.br/#frag")',
      'IDP_POST_LOGOUT_REDIRECT_URIS must be a comma-separated list of http(s) URLs or paths starting with "/", without fragments, such as / (got "javascript:alert(1)")',
    ]);
  });
});
