/**
 * The built-in OpenID Connect provider (the embedded default, IDENTITY_PROVIDER=embedded):
 * the provider under /idp, its sign-in and sign-up pages, and the Graph-shaped GET /v1.0/me.
 * Register it after the database is opened (`app.database`). See docs/decisions/005.
 */
import { centre } from '@centro/content';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config/index.js';
import { createIdpAccessTokenVerifier } from './access-tokens.js';
import { AccountStore } from './accounts.js';
import { EMBEDDED_GRAPH_AUDIENCE, EMBEDDED_GRAPH_SCOPES } from './constants.js';
import { graphMeRoutes } from './graph-me.js';
import { interactionRoutes } from './interactions.js';
import { loadOrCreateProviderKeys } from './keys.js';
import { startCleanup } from './maintenance.js';
import { providerMount } from './mount.js';
import { idpPageCsp } from './page-csp.js';
import type { SiteIdentity } from './pages.js';
import { createProvider, originsOf } from './provider.js';
import { LoginThrottle, type LoginThrottleOptions } from './throttle.js';

export * from './constants.js';
export { loadOrCreateProviderKeys, type ProviderKeys, type SigningJwk } from './keys.js';
export {
  createIdpAccessTokenVerifier,
  IdpAccessTokenError,
  type IdpAccessTokenVerifierOptions,
  type VerifiedIdpAccessToken,
} from './access-tokens.js';
export { embeddedProviderSource, type EmbeddedProviderInfo } from './source.js';

/** The footer year of the website ("<portal name> 2025", spec section 2). */
const FOOTER_YEAR = 2025;

export interface EmbeddedIdentityProviderOptions {
  config: Pick<Config, 'dataDir' | 'siteUrl' | 'https' | 'idp'>;
  /** Tests: how sign-in delays are spent, the clock. */
  throttle?: LoginThrottleOptions;
}

export const embeddedIdentityProvider: FastifyPluginAsync<EmbeddedIdentityProviderOptions> = async (
  app,
  { config, throttle: throttleOptions },
) => {
  const { db } = app.database;
  const { idp } = config;
  const keys = await loadOrCreateProviderKeys(config.dataDir);
  const accounts = new AccountStore(db);
  const throttle = new LoginThrottle(db, throttleOptions);
  const site: SiteIdentity = {
    portalName: centre.portalName,
    contactEmail: centre.email,
    footerYear: FOOTER_YEAR,
  };
  const csp = idpPageCsp({
    formActionOrigins: originsOf([
      config.siteUrl,
      ...idp.redirectUris,
      ...idp.postLogoutRedirectUris,
    ]),
    https: config.https,
  });

  const provider = createProvider({
    issuer: idp.issuer,
    client: {
      clientId: idp.clientId,
      clientName: centre.portalName,
      redirectUris: idp.redirectUris,
      postLogoutRedirectUris: idp.postLogoutRedirectUris,
    },
    keys,
    db,
    accounts,
    site,
    csp,
    log: app.log,
  });

  await app.register(interactionRoutes, {
    provider,
    accounts,
    throttle,
    site,
    csp,
    siteUrl: config.siteUrl,
  });
  await app.register(providerMount, { provider, siteUrl: config.siteUrl });
  await app.register(graphMeRoutes, {
    accounts,
    verify: createIdpAccessTokenVerifier({
      issuer: idp.issuer,
      audience: EMBEDDED_GRAPH_AUDIENCE,
      publicJwks: keys.publicJwks,
      clientId: idp.clientId,
      anyOfScopes: EMBEDDED_GRAPH_SCOPES,
    }),
  });

  const stopCleanup = startCleanup({ db, throttle, log: app.log });
  app.addHook('onClose', stopCleanup);
};
