import { describe, expect, it } from 'vitest';
import { authSettingsFrom } from './auth-settings.server';
import { resolveAuthSettings } from './auth-settings';
import { parseEnv } from './env';

describe('the identity settings', () => {
  it('default to the built-in provider on the page’s own origin', () => {
    const settings = authSettingsFrom(parseEnv({}));
    expect(settings).toEqual({
      authority: null,
      clientId: 'centro-web',
      protocolMode: 'OIDC',
      redirectUri: null,
      graphUrl: null,
      graphScopes: ['User.ReadWrite.All'],
      apiScope: 'api://centro/access_as_user',
    });
    expect(resolveAuthSettings(settings, 'http://127.0.0.1:4173')).toEqual({
      authority: 'http://127.0.0.1:4173/idp',
      clientId: 'centro-web',
      protocolMode: 'OIDC',
      redirectUri: 'http://127.0.0.1:4173/',
      postLogoutRedirectUri: 'http://127.0.0.1:4173/',
      graphUrl: 'http://127.0.0.1:4173',
      graphScopes: ['User.ReadWrite.All'],
      apiScope: 'api://centro/access_as_user',
    });
  });

  it('take Entra ID’s values as configured, whatever the page’s origin', () => {
    const settings = authSettingsFrom(
      parseEnv({
        VITE_AUTH_AUTHORITY: 'https://centro.ciamlogin.com/7b3a4f2e-1c9d-4e8a-9f60-2d5c8b1a0e47/',
        VITE_AUTH_CLIENT_ID: '11111111-1111-1111-1111-111111111111',
        VITE_AUTH_PROTOCOL_MODE: 'AAD',
        VITE_AUTH_REDIRECT_URI: 'https://www.centro.org.br',
        VITE_AUTH_GRAPH_URL: 'https://graph.microsoft.com/',
        VITE_AUTH_API_SCOPE: 'api://22222222-2222-2222-2222-222222222222/access_as_user',
      }),
    );
    expect(resolveAuthSettings(settings, 'https://preview.example')).toEqual({
      authority: 'https://centro.ciamlogin.com/7b3a4f2e-1c9d-4e8a-9f60-2d5c8b1a0e47',
      clientId: '11111111-1111-1111-1111-111111111111',
      protocolMode: 'AAD',
      redirectUri: 'https://www.centro.org.br/',
      postLogoutRedirectUri: 'https://www.centro.org.br/',
      graphUrl: 'https://graph.microsoft.com',
      graphScopes: ['https://graph.microsoft.com/User.Read'],
      apiScope: 'api://22222222-2222-2222-2222-222222222222/access_as_user',
    });
  });
});
