/**
 * 'Entrar' (/idp/interaction/:uid/entrar): the e-mail and password, throttled per e-mail and per
 * client address before the password is looked at. Where e-mail verification is required, an
 * account whose address is not confirmed yet goes to the code page (a new code is sent).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AccountStore } from '../store/accounts.js';
import type { EmailVerifications } from '../store/email-verifications.js';
import type { LoginThrottle } from '../store/throttle.js';
import { signInPage } from '../views/sign-in-pages.js';
import { formValue, readForm, signInMessages, validateSignIn } from './form-validation.js';
import {
  formRoute,
  INTERACTION_ROUTE,
  loginHint,
  throttledMessage,
  type InteractionPages,
  type UidParams,
} from './interaction-pages.js';

export interface SignInRoutesOptions {
  pages: InteractionPages;
  accounts: AccountStore;
  throttle: LoginThrottle;
  verifications: EmailVerifications;
  /** `required`: an account signs in only once its e-mail is confirmed with a code. */
  emailVerification: 'required' | 'off';
}

export const signInRoutes: FastifyPluginAsync<SignInRoutesOptions> = async (app, options) => {
  const { pages, accounts, throttle, verifications } = options;
  const path = `${INTERACTION_ROUTE}/entrar`;

  app.get<{ Params: UidParams; Querystring: { email?: unknown } }>(path, async (request, reply) => {
    const interaction = await pages.load(request, reply);
    if (!interaction) return pages.sendExpired(reply);
    const email = formValue(request.query, 'email') || loginHint(interaction);
    return pages.show(reply, interaction, signInPage, { email });
  });

  app.post<{ Params: UidParams }>(path, formRoute, async (request, reply) => {
    const interaction = await pages.load(request, reply);
    if (!interaction) return pages.sendExpired(reply);
    const form = readForm(request.body, ['email', 'senha'] as const);
    const checked = validateSignIn(form);
    if (!checked.ok) {
      const page = { email: form.email, errors: checked.errors };
      return pages.show(reply, interaction, signInPage, page, 400);
    }
    const { email, password } = checked.value;
    // Counted before the password is looked at, atomically: concurrent guesses share the limit.
    const admission = await throttle.admit(email, request.ip);
    if (!admission.allowed) {
      reply.header('retry-after', String(admission.retryAfterSeconds));
      request.log.info('sign-in refused: too many attempts');
      const page = { email: form.email, formError: throttledMessage(admission.retryAfterSeconds) };
      return pages.show(reply, interaction, signInPage, page, 429);
    }
    const account = await accounts.authenticate(email, password);
    if (!account) {
      await throttle.failed(admission);
      request.log.info('sign-in failed');
      const page = { email: form.email, formError: signInMessages.wrongCredentials };
      return pages.show(reply, interaction, signInPage, page, 400);
    }
    await throttle.succeeded(email, request.ip);
    if (options.emailVerification === 'required' && account.email_verified_at === null) {
      request.log.info({ accountId: account.id }, 'sign-in waits for the e-mail confirmation');
      await verifications.sendCode(account);
      return pages.toCodePage(reply, interaction, { pendingVerification: account.id });
    }
    request.log.info({ accountId: account.id }, 'signed in');
    return pages.signedIn(request, reply, account);
  });
};
