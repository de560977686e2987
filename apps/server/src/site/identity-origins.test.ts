import { describe, expect, it } from 'vitest';
import type { Config } from '../config/index.js';
import { identityConnectOrigins } from './identity-origins.js';

const entra = (authorityHost: string) =>
  ({ identityProvider: 'entra', entra: { authorityHost } }) as unknown as Pick<
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

  it('lets the browser reach an External ID authority, Microsoft login and Graph', () => {
    expect(identityConnectOrigins(entra('https://centro.ciamlogin.com'))).toEqual([
      'https://centro.ciamlogin.com',
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
