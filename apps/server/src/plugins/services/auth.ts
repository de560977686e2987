/**
 * API tokens and the identity provider's token verifier (IDENTITY_PROVIDER): the built-in
 * provider's issuer, API audience and public keys are local (src/idp); and the ended sessions
 * (auth/token-revocations.ts), read from the database once a second.
 */
import fp from 'fastify-plugin';
import { createAuthServices } from '../../auth/auth-services.js';
import { startTokenRevocations } from '../../auth/token-revocations.js';
import type { EntraTenantMetadata } from '../../auth/entra-discovery.js';
import type { Config } from '../../config/index.js';
import { embeddedProviderSource } from '../../idp/source.js';
import type { EmbeddedProviderSetup } from './embedded-provider.js';

export interface AuthPluginOptions {
  config: Config;
  embedded: EmbeddedProviderSetup | null;
  /** The Entra tenant's discovery document, read by the start-up check (no second discovery). */
  entraDiscovered: EntraTenantMetadata | undefined;
}

export const authService = fp<AuthPluginOptions>(
  async (app, { config, embedded, entraDiscovered }) => {
    const auth = await createAuthServices(config, {
      embeddedProvider: embedded
        ? {
            ...(await embeddedProviderSource(config)),
            // As for Entra: the API's delegated scope in `scp`, and issued to the website.
            scope: 'access_as_user',
            clientId: config.idp.clientId,
          }
        : undefined,
      entraDiscovered,
    });
    app.decorate('apiTokens', auth.apiTokens);
    app.decorate('verifyProviderToken', auth.verifyProviderToken);
    const revocations = await startTokenRevocations(app.database.db, {
      onError: (error) => app.log.warn({ err: error }, 'reading the ended sessions failed'),
    });
    app.decorate('tokenRevocations', revocations);
    app.addHook('onClose', () => revocations.close());
  },
  { name: 'auth', dependencies: ['database'] },
);
