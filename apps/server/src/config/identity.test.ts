import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const API = '6e74172b-be56-4843-9ff4-e66a39bb12e3';

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('identity configuration', () => {
  it('defaults to the built-in provider and a 10-minute API token, with nothing set', () => {
    const config = loadConfig({});
    expect(config.identityProvider).toBe('embedded');
    expect(config.entra).toBeUndefined();
    expect(config.apiTokenSecret).toBeUndefined();
    expect(config.apiTokenTtlSeconds).toBe(600);
  });

  it('reads an Entra workforce tenant with its defaults', () => {
    const config = loadConfig({
      IDENTITY_PROVIDER: 'Entra',
      ENTRA_TENANT_ID: TENANT.toUpperCase(),
      ENTRA_API_CLIENT_ID: API,
    });
    expect(config.identityProvider).toBe('entra');
    expect(config.entra).toEqual({
      tenantId: TENANT,
      authorityHost: 'https://login.microsoftonline.com',
      apiClientId: API,
      apiScope: 'access_as_user',
      // Read from the tenant's discovery document (entra-discovery.ts).
      issuer: undefined,
      jwksUri: undefined,
    });
  });

  it('leaves the issuer of an External ID tenant (ciamlogin.com) to discovery', () => {
    const config = loadConfig({
      IDENTITY_PROVIDER: 'entra',
      ENTRA_TENANT_ID: TENANT,
      ENTRA_API_CLIENT_ID: API,
      ENTRA_AUTHORITY_HOST: 'https://centro.ciamlogin.com/',
    });
    expect(config.entra?.authorityHost).toBe('https://centro.ciamlogin.com');
    expect(config.entra?.issuer).toBeUndefined();
  });

  it('reads every override', () => {
    const config = loadConfig({
      IDENTITY_PROVIDER: 'entra',
      ENTRA_TENANT_ID: TENANT,
      ENTRA_API_CLIENT_ID: API,
      ENTRA_API_SCOPE: 'Enrolment.Write',
      ENTRA_ISSUER: 'https://issuer.example/v2.0',
      ENTRA_JWKS_URI: 'https://keys.example/keys',
      API_TOKEN_SECRET: 's'.repeat(32),
      API_TOKEN_TTL_SECONDS: '300',
    });
    expect(config.entra).toMatchObject({
      apiScope: 'Enrolment.Write',
      issuer: 'https://issuer.example/v2.0',
      jwksUri: 'https://keys.example/keys',
    });
    expect(config.apiTokenSecret).toBe('s'.repeat(32));
    expect(config.apiTokenTtlSeconds).toBe(300);
  });

  it('requires the tenant and the API client id for Entra, naming each variable', () => {
    expect(problems({ IDENTITY_PROVIDER: 'entra' })).toEqual([
      'ENTRA_TENANT_ID is required when IDENTITY_PROVIDER=entra',
      'ENTRA_API_CLIENT_ID is required when IDENTITY_PROVIDER=entra',
    ]);
  });

  it('reports Entra problems together with the other variables', () => {
    const found = problems({ IDENTITY_PROVIDER: 'entra', PORT: 'x', ENTRA_TENANT_ID: TENANT });
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^PORT /);
    expect(found[1]).toBe('ENTRA_API_CLIENT_ID is required when IDENTITY_PROVIDER=entra');
  });

  it.each([
    ['IDENTITY_PROVIDER', 'okta'],
    ['ENTRA_TENANT_ID', 'contoso.onmicrosoft.com'],
    ['ENTRA_TENANT_ID', 'common'],
    ['ENTRA_API_CLIENT_ID', 'api://centro'],
    ['ENTRA_AUTHORITY_HOST', 'http://login.microsoftonline.com'],
    ['ENTRA_AUTHORITY_HOST', 'https://login.microsoftonline.com/tenant'],
    ['ENTRA_API_SCOPE', `api://${API}/access_as_user`],
    ['ENTRA_API_SCOPE', 'a b'],
    ['ENTRA_ISSUER', 'login.microsoftonline.com'],
    ['ENTRA_ISSUER', 'http://evil.example/v2.0'],
    ['ENTRA_JWKS_URI', 'http://keys.example/keys'],
    ['API_TOKEN_SECRET', 'too short'],
    ['API_TOKEN_TTL_SECONDS', '0'],
    ['API_TOKEN_TTL_SECONDS', '86400'],
    ['API_TOKEN_TTL_SECONDS', 'ten'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    const found = problems({
      IDENTITY_PROVIDER: 'entra',
      ENTRA_TENANT_ID: TENANT,
      ENTRA_API_CLIENT_ID: API,
      [name]: value,
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${name} `));
  });

  it('accepts http only on a loopback address (a local stand-in)', () => {
    const config = loadConfig({
      IDENTITY_PROVIDER: 'entra',
      ENTRA_TENANT_ID: TENANT,
      ENTRA_API_CLIENT_ID: API,
      ENTRA_AUTHORITY_HOST: 'http://127.0.0.1:4010',
      ENTRA_JWKS_URI: 'http://localhost:4010/discovery/v2.0/keys',
    });
    expect(config.entra?.authorityHost).toBe('http://127.0.0.1:4010');
  });

  it('ignores the Entra settings of the embedded configuration', () => {
    expect(loadConfig({ ENTRA_TENANT_ID: TENANT }).entra).toBeUndefined();
  });
});
