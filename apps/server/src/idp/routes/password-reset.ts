/**
 * 'Esqueci minha senha': asking for a link (/idp/interaction/:uid/esqueci-senha), the
 * same answer whether or not the address has an account; and the page of the e-mailed link
 * (/idp/redefinir-senha?token=..., outside any interaction: it may open on another device; the
 * token travels in the query, which the logs never keep, and in the form's body), where the new
 * password is chosen. Using the link ends the account's other sessions and forgets the e-mail's
 * failed sign-ins.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AccountStore } from '../store/accounts.js';
import { PASSWORD_RESET_PATH, type PasswordResets } from '../store/password-resets.js';
import type { LoginThrottle } from '../store/throttle.js';
import {
  forgotPasswordPage,
  newPasswordPage,
  resetLinkSentPage,
} from '../views/password-reset-pages.js';
import { formValue, readForm, validateEmail, validatePassword } from './form-validation.js';
import {
  formRoute,
  INTERACTION_ROUTE,
  loginHint,
  type InteractionPages,
  type UidParams,
} from './interaction-pages.js';

export interface PasswordResetRoutesOptions {
  pages: InteractionPages;
  accounts: AccountStore;
  resets: PasswordResets;
  throttle: LoginThrottle;
}

export const passwordResetRoutes: FastifyPluginAsync<PasswordResetRoutesOptions> = async (
  app,
  { pages, accounts, resets, throttle },
) => {
  const { site } = pages;
  const forgotPath = `${INTERACTION_ROUTE}/esqueci-senha`;

  app.get<{ Params: UidParams }>(forgotPath, async (request, reply) => {
    const interaction = await pages.load(request, reply);
    if (!interaction) return pages.sendExpired(reply);
    const email = formValue(request.query, 'email') || loginHint(interaction);
    return pages.show(reply, interaction, forgotPasswordPage, { email });
  });

  app.post<{ Params: UidParams }>(forgotPath, formRoute, async (request, reply) => {
    const interaction = await pages.load(request, reply);
    if (!interaction) return pages.sendExpired(reply);
    const form = readForm(request.body, ['email'] as const);
    const email = validateEmail(form.email);
    if (typeof email !== 'string') {
      const page = { email: form.email, ...email };
      return pages.show(reply, interaction, forgotPasswordPage, page, 400);
    }
    // The same page whether or not the address has an account; the link goes to the sign-in
    // address, the one the owner proved at sign-up.
    const account = await accounts.findByEmail(email);
    if (account) {
      const queued = await resets.sendLink(account);
      request.log.info(
        { accountId: account.id, queued },
        queued ? 'password reset link queued' : 'password reset not sent: too many this hour',
      );
    }
    return pages.show(reply, interaction, resetLinkSentPage, {});
  });

  const linkGone = (reply: FastifyReply) =>
    pages.sendMessage(
      reply,
      'Este link não vale mais',
      [
        'O link para criar uma nova senha expirou ou já foi usado.',
        'Volte ao site, clique em Acessar e peça um novo link em "Esqueci minha senha".',
      ],
      400,
    );

  app.get<{ Querystring: { token?: unknown } }>(PASSWORD_RESET_PATH, async (request, reply) => {
    const token = formValue(request.query, 'token');
    if (!(await resets.isUsable(token))) return linkGone(reply);
    reply.header('referrer-policy', 'no-referrer');
    return pages.sendHtml(reply, newPasswordPage({ site, action: PASSWORD_RESET_PATH, token }));
  });

  app.post(PASSWORD_RESET_PATH, formRoute, async (request, reply) => {
    const form = readForm(request.body, ['token', 'senha'] as const);
    const account = await resets.accountFor(form.token);
    if (!account) return linkGone(reply);
    const password = validatePassword(form.senha, [account.display_name, account.email]);
    if (typeof password !== 'string') {
      reply.header('referrer-policy', 'no-referrer');
      const page = { site, action: PASSWORD_RESET_PATH, token: form.token, ...password };
      return pages.sendHtml(reply, newPasswordPage(page), 400);
    }
    const reset = await resets.use(form.token, password);
    if (!reset) return linkGone(reply);
    await throttle.forgetEmail(reset.email);
    request.log.info({ accountId: account.id }, 'password reset: sessions ended');
    return pages.sendMessage(reply, 'Senha alterada', [
      'Sua nova senha já vale. Por segurança, as sessões abertas em outros aparelhos foram encerradas.',
      'Volte ao site e entre com o seu e-mail e a nova senha.',
    ]);
  });
};
