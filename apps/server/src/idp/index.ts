/**
 * The built-in OpenID Connect provider (the embedded default, IDENTITY_PROVIDER=embedded):
 * the provider under /idp, its sign-in and sign-up pages, and the Graph-shaped GET /v1.0/me.
 * Register it after the database is opened (`app.database`). See docs/decisions/005.
 */
import { brand, centre } from '@centro/content';
import type { FastifyPluginAsync } from 'fastify';
import type { EmbeddedIdpSettings } from '../config/idp.js';
import { EMBEDDED_GRAPH_AUDIENCE, EMBEDDED_GRAPH_SCOPES } from './constants.js';
import { loadOrCreateProviderKeys } from './keys.js';
import { createIdpAccessTokenVerifier } from './provider/access-tokens.js';
import { withLoopbackTwins } from './provider/loopback.js';
import { providerMount } from './provider/mount.js';
import { createProvider, originsOf } from './provider/provider.js';
import { graphMeRoutes } from './routes/graph-me.js';
import { interactionRoutes } from './routes/interactions.js';
import { AccountStore } from './store/accounts.js';
import { ContactEmailChanges } from './store/contact-email-changes.js';
import { EmailVerifications } from './store/email-verifications.js';
import { PasswordResets } from './store/password-resets.js';
import { startCleanup } from './store/maintenance.js';
import { SignUps } from './store/sign-ups.js';
import { LoginThrottle, throttlePolicy, type LoginThrottleOptions } from './store/throttle.js';
import type { SiteIdentity } from './views/layout.js';
import { idpPageCsp } from './views/page-csp.js';
import { loadStylesheet } from './views/stylesheet.js';

export * from './constants.js';
export { loadOrCreateProviderKeys, type ProviderKeys, type SigningJwk } from './keys.js';
export {
  createIdpAccessTokenVerifier,
  IdpAccessTokenError,
  type IdpAccessTokenVerifierOptions,
  type VerifiedIdpAccessToken,
} from './provider/access-tokens.js';
export { embeddedProviderSource, type EmbeddedProviderInfo } from './source.js';

export interface EmbeddedIdentityProviderOptions {
  config: EmbeddedIdpSettings;
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
  const throttle = new LoginThrottle(db, {
    ...throttleOptions,
    policy: throttleOptions?.policy ?? throttlePolicy(idp.signInAttempts),
  });
  const resets = new PasswordResets(db, app.mail, config.siteUrl, undefined, app.tokenRevocations);
  const verifications = new EmailVerifications(db, app.mail);
  const stylesheet = await loadStylesheet();
  const site: SiteIdentity = {
    portalName: centre.portalName,
    contactEmail: centre.email,
    footerYear: brand.footerYear,
    themeColor: brand.themeColor,
    iconSvg: brand.iconSvg,
    stylesheetPath: stylesheet.path,
  };
  const csp = idpPageCsp({
    formActionOrigins: originsOf(
      withLoopbackTwins([config.siteUrl, ...idp.redirectUris, ...idp.postLogoutRedirectUris]),
    ),
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
    stylesheet,
    siteUrl: config.siteUrl,
    resets,
    verifications,
    signUps: new SignUps(db, accounts, verifications, app.mail, config.siteUrl),
    emailVerification: config.mail.emailVerification,
    signUpsPerAddress: idp.signUpsPerAddress,
    contactEmail: new ContactEmailChanges(db, app.mail, config.siteUrl),
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

  const stopCleanup = startCleanup({ db, throttle, resets, verifications, log: app.log });
  app.addHook('onClose', stopCleanup);
};
