/**
 * 'Confirme seu e-mail' (/idp/interaction/:uid/confirmar-email): the six digits e-mailed
 * after sign-up or at the sign-in of an account not yet confirmed, guessed like passwords (the
 * same throttle), and 'Reenviar código'. After a sign-up with the address of an unconfirmed
 * account, the right code also gives the account what that sign-up typed (decision 084). The page
 * of a sign-up with a confirmed address looks the same and answers 'Reenviar código' at the same
 * pace, sends nothing more, and no code can succeed on it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AccountRow, AccountStore } from '../store/accounts.js';
import { RESEND_AFTER_SECONDS, type EmailVerifications } from '../store/email-verifications.js';
import { type AccountRenewal, isAccountRenewal, type SignUps } from '../store/sign-ups.js';
import type { LoginThrottle } from '../store/throttle.js';
import { verifyEmailPage } from '../views/verify-email-page.js';
import { readForm } from './form-validation.js';
import {
  formRoute,
  INTERACTION_ROUTE,
  throttledMessage,
  type Interaction,
  type InteractionPages,
  type UidParams,
} from './interaction-pages.js';

/** What the code page says about the typed code. */
export const codeMessages = {
  missing: 'Digite o código de 6 dígitos que enviamos para o seu e-mail.',
  wrong: 'Código incorreto. Confira o código no e-mail e tente de novo.',
  expired:
    'Este código expirou ou foi digitado errado muitas vezes. Clique em Reenviar código para receber um novo.',
  resent: 'Enviamos um novo código. Ele substitui os anteriores.',
  wait: 'Aguarde um minuto antes de pedir outro código.',
} as const;

export interface EmailVerificationRoutesOptions {
  pages: InteractionPages;
  accounts: AccountStore;
  throttle: LoginThrottle;
  verifications: EmailVerifications;
  signUps: Pick<SignUps, 'renew'>;
}

export const emailVerificationRoutes: FastifyPluginAsync<EmailVerificationRoutesOptions> = async (
  app,
  { pages, accounts, throttle, verifications, signUps },
) => {
  /**
   * The address this interaction is confirming: its account (and the sign-up's details waiting
   * for the code, if any), or none when the sign-up used a confirmed address (the page looks the
   * same; no code can succeed; `sentAt` is when the page last said a code went).
   */
  async function pendingAccount(
    interaction: Interaction,
  ): Promise<
    | { email: string; account: AccountRow; renewal?: AccountRenewal }
    | { email: string; account?: undefined; sentAt: number }
    | undefined
  > {
    const pending = interaction.lastSubmission as
      | {
          pendingVerification?: unknown;
          renewal?: unknown;
          pendingEmail?: unknown;
          sentAt?: unknown;
        }
      | undefined;
    if (typeof pending?.pendingVerification === 'string') {
      const account = await accounts.findById(pending.pendingVerification);
      if (!account) return undefined;
      return isAccountRenewal(pending.renewal)
        ? { email: account.email, account, renewal: pending.renewal }
        : { email: account.email, account };
    }
    if (typeof pending?.pendingEmail !== 'string') return undefined;
    const sentAt = typeof pending.sentAt === 'number' ? pending.sentAt : 0;
    return { email: pending.pendingEmail, sentAt };
  }

  const path = `${INTERACTION_ROUTE}/confirmar-email`;

  app.get<{ Params: UidParams }>(path, async (request, reply) => {
    const interaction = await pages.load(request, reply);
    if (!interaction) return pages.sendExpired(reply);
    const pending = await pendingAccount(interaction);
    if (!pending) return pages.sendExpired(reply);
    return pages.show(reply, interaction, verifyEmailPage, { email: pending.email });
  });

  app.post<{ Params: UidParams }>(path, formRoute, async (request, reply) => {
    const interaction = await pages.load(request, reply);
    if (!interaction) return pages.sendExpired(reply);
    const pending = await pendingAccount(interaction);
    if (!pending) return pages.sendExpired(reply);
    const { email, account } = pending;
    const { codigo } = readForm(request.body, ['codigo'] as const);
    if (codigo.trim() === '') {
      const page = { email, error: codeMessages.missing };
      return pages.show(reply, interaction, verifyEmailPage, page, 400);
    }
    // Codes are guessed like passwords: the same throttle, per e-mail and per address.
    const admission = await throttle.admit(email, request.ip);
    if (!admission.allowed) {
      reply.header('retry-after', String(admission.retryAfterSeconds));
      const error = throttledMessage(admission.retryAfterSeconds);
      return pages.show(reply, interaction, verifyEmailPage, { email, error }, 429);
    }
    // No account behind this page (a sign-up with a confirmed address): no code is ever right.
    const renewal = 'renewal' in pending ? pending.renewal : undefined;
    const result = account
      ? await verifications.check(
          account.id,
          codigo,
          renewal && ((trx) => signUps.renew(trx, account.id, renewal)),
        )
      : 'wrong';
    if (result !== 'verified') {
      await throttle.failed(admission);
      request.log.info({ result }, 'e-mail confirmation refused');
      const page = { email, error: codeMessages[result] };
      return pages.show(reply, interaction, verifyEmailPage, page, 400);
    }
    await throttle.succeeded(email, request.ip);
    if (!account) return pages.sendExpired(reply);
    request.log.info(
      { accountId: account.id, renewed: Boolean(renewal) },
      'e-mail confirmed, signed in',
    );
    return pages.signedIn(request, reply, (await accounts.findById(account.id)) ?? account);
  });

  app.post<{ Params: UidParams }>(
    `${INTERACTION_ROUTE}/reenviar-codigo`,
    formRoute,
    async (request, reply) => {
      const interaction = await pages.load(request, reply);
      if (!interaction) return pages.sendExpired(reply);
      const pending = await pendingAccount(interaction);
      if (!pending) return pages.sendExpired(reply);
      // A confirmed address's page answers as a new account's would, at the same pace (a code
      // at most once a minute), and sends nothing more.
      let queued: boolean;
      if (pending.account) {
        queued = await verifications.sendCode(pending.account);
      } else {
        queued = Date.now() - pending.sentAt >= RESEND_AFTER_SECONDS * 1000;
        if (queued)
          await pages.remember(interaction, { pendingEmail: pending.email, sentAt: Date.now() });
      }
      const notice = queued ? codeMessages.resent : codeMessages.wait;
      return pages.show(reply, interaction, verifyEmailPage, { email: pending.email, notice });
    },
  );
};
