/**
 * 'Confirme seu e-mail' (/idp/interaction/:uid/confirmar-email): the six digits e-mailed
 * after sign-up or at the sign-in of an account not yet confirmed, guessed like passwords (the
 * same throttle), and 'Reenviar código'. The page of a sign-up with a taken address looks the
 * same, sends nothing more, and no code can succeed on it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AccountRow, AccountStore } from '../store/accounts.js';
import type { EmailVerifications } from '../store/email-verifications.js';
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
}

export const emailVerificationRoutes: FastifyPluginAsync<EmailVerificationRoutesOptions> = async (
  app,
  { pages, accounts, throttle, verifications },
) => {
  /**
   * The address this interaction is confirming: its account, or none when the sign-up used an
   * address that already had an account (the page looks the same; no code can succeed).
   */
  async function pendingAccount(
    interaction: Interaction,
  ): Promise<{ email: string; account?: AccountRow } | undefined> {
    const pending = interaction.lastSubmission as
      { pendingVerification?: unknown; pendingEmail?: unknown } | undefined;
    if (typeof pending?.pendingVerification === 'string') {
      const account = await accounts.findById(pending.pendingVerification);
      return account ? { email: account.email, account } : undefined;
    }
    return typeof pending?.pendingEmail === 'string' ? { email: pending.pendingEmail } : undefined;
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
    // No account behind this page (a sign-up with a taken address): no code is ever right.
    const result = account ? await verifications.check(account.id, codigo) : 'wrong';
    if (result !== 'verified') {
      await throttle.failed(admission);
      request.log.info({ result }, 'e-mail confirmation refused');
      const page = { email, error: codeMessages[result] };
      return pages.show(reply, interaction, verifyEmailPage, page, 400);
    }
    await throttle.succeeded(email, request.ip);
    if (!account) return pages.sendExpired(reply);
    request.log.info({ accountId: account.id }, 'e-mail confirmed, signed in');
    return pages.signedIn(request, reply, account);
  });

  app.post<{ Params: UidParams }>(
    `${INTERACTION_ROUTE}/reenviar-codigo`,
    formRoute,
    async (request, reply) => {
      const interaction = await pages.load(request, reply);
      if (!interaction) return pages.sendExpired(reply);
      const pending = await pendingAccount(interaction);
      if (!pending) return pages.sendExpired(reply);
      const { account } = pending;
      // A taken address's page answers as a new account's would, and sends nothing more.
      const queued = account ? await verifications.sendCode(account) : true;
      const notice = queued ? codeMessages.resent : codeMessages.wait;
      return pages.show(reply, interaction, verifyEmailPage, { email: pending.email, notice });
    },
  );
};
