/**
 * The provider's own pages (Fastify routes): an interaction's pages under /idp/interaction/:uid
 * (first page and cancel: prompt.ts; sign in: sign-in.ts; create an account: sign-up.ts; the
 * e-mailed code: email-verification.ts; 'Esqueci minha senha': password-reset.ts), the pages of
 * e-mailed links outside any interaction (password-reset.ts, contact-email.ts), and their
 * stylesheet.
 *
 * Plain form posts (application/x-www-form-urlencoded only, 16 KiB at most), no JavaScript.
 * CSRF-safe: every interaction post needs the interaction's cookie, signed, httpOnly,
 * SameSite=Lax and scoped to this interaction's path, so another site cannot post on a person's
 * behalf; the uid in the URL must match it. An expired or unknown interaction gets a friendly
 * page, never a stack trace.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type Provider from 'oidc-provider';
import type { AccountStore } from '../store/accounts.js';
import type { ContactEmailChanges } from '../store/contact-email-changes.js';
import type { EmailVerifications } from '../store/email-verifications.js';
import type { PasswordResets } from '../store/password-resets.js';
import type { SignUps } from '../store/sign-ups.js';
import type { LoginThrottle } from '../store/throttle.js';
import type { SiteIdentity } from '../views/layout.js';
import type { IdpCsp } from '../views/page-csp.js';
import type { Stylesheet } from '../views/stylesheet.js';
import { contactEmailRoutes } from './contact-email.js';
import { emailVerificationRoutes } from './email-verification.js';
import { createInteractionPages, FORM_BODY_LIMIT_BYTES } from './interaction-pages.js';
import { passwordResetRoutes } from './password-reset.js';
import { promptRoutes } from './prompt.js';
import { signInRoutes } from './sign-in.js';
import { signUpRoutes } from './sign-up.js';

export interface InteractionRoutesOptions {
  provider: Provider;
  accounts: AccountStore;
  throttle: LoginThrottle;
  site: SiteIdentity;
  csp: IdpCsp;
  stylesheet: Stylesheet;
  siteUrl: string;
  resets: PasswordResets;
  verifications: EmailVerifications;
  signUps: SignUps;
  /** `required`: an account signs in only once its e-mail is confirmed with a code. */
  emailVerification: 'required' | 'off';
  /** Accounts created from one client address in 15 minutes (IDP_SIGN_UPS_PER_ADDRESS). */
  signUpsPerAddress: number;
  contactEmail: ContactEmailChanges;
}

export const interactionRoutes: FastifyPluginAsync<InteractionRoutesOptions> = async (
  app,
  options,
) => {
  const { provider, site, csp, stylesheet, siteUrl } = options;
  const pages = createInteractionPages({ provider, site, csp, siteUrl });
  // Forms only: every other content type is refused (415) before any byte of it is parsed, and
  // no body here may exceed FORM_BODY_LIMIT_BYTES (413), whatever the server's default.
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT_BYTES });

  // These are pages: failures answer a page too (the site's JSON errors are for the API).
  app.setErrorHandler((error, request, reply) => {
    const candidate = (error as { statusCode?: unknown }).statusCode;
    const statusCode =
      typeof candidate === 'number' && candidate >= 400 && candidate < 600 ? candidate : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'sign-in page failed');
    else request.log.info({ statusCode }, 'sign-in page request refused');
    const text =
      statusCode >= 500
        ? 'Ocorreu um erro inesperado. Tente novamente em alguns instantes.'
        : 'O formulário enviado não pôde ser lido. Volte ao site e tente outra vez.';
    return pages.sendMessage(reply, 'Não foi possível continuar', [text], statusCode);
  });

  app.get(stylesheet.path, (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stylesheet.css),
  );

  const { accounts, throttle, verifications, emailVerification } = options;
  await app.register(promptRoutes, { pages, provider });
  await app.register(signInRoutes, { pages, accounts, throttle, verifications, emailVerification });
  await app.register(signUpRoutes, {
    pages,
    accounts,
    throttle,
    signUps: options.signUps,
    emailVerification,
    signUpsPerAddress: options.signUpsPerAddress,
  });
  await app.register(emailVerificationRoutes, {
    pages,
    accounts,
    throttle,
    verifications,
    signUps: options.signUps,
  });
  await app.register(passwordResetRoutes, { pages, accounts, throttle, resets: options.resets });
  await app.register(contactEmailRoutes, { pages, contactEmail: options.contactEmail });
};
