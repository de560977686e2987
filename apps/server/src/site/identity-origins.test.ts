import { describe, expect, it } from 'vitest';
import type { Config } from '../config/index.js';
import { identityConnectOrigins } from './identity-origins.js';

const TENANT = '7b3a4f2e-1c9d-4e8a-9f60-2d5c8b1a0e47';

const entra = (authorityHost: string) =>
  ({ identityProvider: 'entra', entra: { authorityHost, tenantId: TENANT } }) as unknown as Pick<
    Config,
    'identityProvider' | 'entra'
  >;

describe('identityConnectOrigins', () => {
  it('needs nothing beyond the site itself with the built-in provider', () => {
    expect(
      identityConnectOrigins({ identityProvider: 'embedded', entra: undefined } as Pick<
        Config,
        'identityProvider' | 'entra'
      >),
    ).toEqual([]);
  });

  it('lets the browser reach an External ID authority, its tenant-id host, Microsoft login and Graph', () => {
    expect(identityConnectOrigins(entra('https://centro.ciamlogin.com'))).toEqual([
      'https://centro.ciamlogin.com',
      `https://${TENANT}.ciamlogin.com`,
      'https://login.microsoftonline.com',
      'https://graph.microsoft.com',
    ]);
  });

  it('lists a workforce authority once', () => {
    expect(identityConnectOrigins(entra('https://login.microsoftonline.com'))).toEqual([
      'https://login.microsoftonline.com',
      'https://graph.microsoft.com',
    ]);
  });
});
