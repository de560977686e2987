/**
 * The interaction pages (Fastify routes under /idp/interaction/:uid): sign in, create an account,
 * 'Esqueci minha senha', cancel; and the page of the e-mailed password-reset link
 * (/idp/redefinir-senha?token=..., outside any interaction: it may open on another device; the
 * token travels in the query, which the logs never keep, and in the form's body). Plain form posts (application/x-www-form-urlencoded only, 16 KiB at most), no JavaScript. CSRF-safe: every post needs the interaction's cookie,
 * signed, httpOnly, SameSite=Lax and scoped to this interaction's path, so another site cannot post
 * on a person's behalf; the uid in the URL must match it. An expired or unknown interaction gets a
 * friendly page, never a stack trace.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { IDP_MOUNT_PATH } from '../constants.js';
import { normaliseProviderRequest } from '../provider/mount.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  composeEmailVerification,
  composePasswordReset,
  composeSignUpAttempt,
} from '../../mail/compose.js';
import type { Mail } from '../../mail/mail.js';
import { EmailTakenError, type AccountRow, type AccountStore } from '../store/accounts.js';
import { CONTACT_CONFIRM_PATH, type ContactEmailChanges } from '../store/contact-email-changes.js';
import type { EmailVerifications } from '../store/email-verifications.js';
import type { PasswordResets } from '../store/password-resets.js';
import type { LoginThrottle } from '../store/throttle.js';
import { interactionPaths, type InteractionPaths } from '../views/form-parts.js';
import type { SiteIdentity } from '../views/layout.js';
import { messagePage } from '../views/message-pages.js';
import type { IdpCsp } from '../views/page-csp.js';
import {
  confirmContactPage,
  forgotPasswordPage,
  newPasswordPage,
  resetLinkSentPage,
} from '../views/password-reset-pages.js';
import { signInPage, signUpPage } from '../views/sign-in-pages.js';
import { verifyEmailPage } from '../views/verify-email-page.js';
import type { Stylesheet } from '../views/stylesheet.js';
import {
  readForm,
  signInMessages,
  signUpFields,
  signUpMessages,
  validateSignIn,
  validateSignUp,
  formValue,
  validateEmail,
  validatePassword,
} from './form-validation.js';

export interface InteractionRoutesOptions {
  provider: Provider;
  accounts: AccountStore;
  throttle: LoginThrottle;
  site: SiteIdentity;
  csp: IdpCsp;
  stylesheet: Stylesheet;
  siteUrl: string;
  db: Kysely<Database>;
  resets: PasswordResets;
  mail: Pick<Mail, 'enqueue' | 'wake'>;
  /** The provider's issuer (`<site>/idp`): the reset link is `<issuer>/redefinir-senha?token=…`. */
  issuer: string;
  verifications: EmailVerifications;
  /** `required`: an account signs in only once its e-mail is confirmed with a code (issue 11). */
  emailVerification: 'required' | 'off';
  /** Accounts created from one client address in 15 minutes (IDP_SIGN_UPS_PER_ADDRESS). */
  signUpsPerAddress: number;
  contactEmail: ContactEmailChanges;
}

/** What the code page says about the typed code. */
export const codeMessages = {
  missing: 'Digite o código de 6 dígitos que enviamos para o seu e-mail.',
  wrong: 'Código incorreto. Confira o código no e-mail e tente de novo.',
  expired:
    'Este código expirou ou foi digitado errado muitas vezes. Clique em Reenviar código para receber um novo.',
  resent: 'Enviamos um novo código. Ele substitui os anteriores.',
  wait: 'Aguarde um minuto antes de pedir outro código.',
} as const;

/** The page of the e-mailed password-reset link. */
export const RESET_PAGE = `${IDP_MOUNT_PATH}/redefinir-senha`;

/** The largest interaction form accepted (the sign-up form is well under 2 KiB). */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;
const formRoute = { bodyLimit: FORM_BODY_LIMIT_BYTES };

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
interface UidParams {
  uid: string;
}

/** "Aguarde N minutos" for a Retry-After in seconds. */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Muitas tentativas sem sucesso. Por segurança, aguarde ${minutes} ${
    minutes === 1 ? 'minuto' : 'minutos'
  } e tente novamente.`;
}

export const interactionRoutes: FastifyPluginAsync<InteractionRoutesOptions> = async (
  app,
  options,
) => {
  const { provider, accounts, throttle, site, csp, stylesheet, siteUrl, db, resets, mail } =
    options;
  const { verifications } = options;
  const verificationRequired = options.emailVerification === 'required';
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
    return sendHtml(
      reply,
      messagePage({ site, title: 'Não foi possível continuar', paragraphs: [text] }),
      statusCode,
    );
  });

  app.get(stylesheet.path, (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stylesheet.css),
  );

  function sendHtml(reply: FastifyReply, body: string, statusCode = 200) {
    return reply
      .code(statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp(body))
      .send(body);
  }

  function sendExpired(reply: FastifyReply) {
    return sendHtml(
      reply,
      messagePage({
        site,
        title: 'Este pedido de acesso expirou',
        paragraphs: [
          'O tempo para entrar terminou ou esta página já foi usada. Volte ao site e tente entrar outra vez.',
        ],
      }),
      400,
    );
  }

  /** The interaction of this request, when its cookie is present and matches the URL's uid. */
  async function load(
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> {
    try {
      const raw = normaliseProviderRequest(request, siteUrl);
      const interaction = await provider.interactionDetails(raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'SessionNotFound') return undefined;
      throw error;
    }
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults,
    merge = true,
  ) {
    const raw = normaliseProviderRequest(request, siteUrl);
    const returnTo = await provider.interactionResult(raw, reply.raw, result, {
      mergeWithLastSubmission: merge,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  /** Signs the account in; `create` resolves a requested prompt=create (signing in resolves it too). */
  function signedIn(request: FastifyRequest, reply: FastifyReply, account: AccountRow) {
    return finish(request, reply, {
      login: { accountId: account.id, amr: ['pwd'], remember: true },
      create: {},
    });
  }

  /**
   * Queues a new code for the account with `trx`, unless one was sent a moment ago (that one
   * stands): answers whether a message was queued. Sign-up calls it in the transaction that
   * creates the account, so the account and its message are written together.
   */
  async function queueCode(trx: Kysely<Database>, account: AccountRow): Promise<boolean> {
    const code = await verifications.issue(trx, account.id);
    if (!code) return false;
    await mail.enqueue(
      trx,
      composeEmailVerification({ to: account.email, personName: account.display_name, code }),
    );
    return true;
  }

  /** Remembers in the interaction whose address is being confirmed; leads to the code page. */
  async function toCodePage(reply: FastifyReply, interaction: Interaction, account: AccountRow) {
    interaction.lastSubmission = { pendingVerification: account.id };
    await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
    return reply
      .header('cache-control', 'no-store')
      .redirect(interactionPaths(IDP_MOUNT_PATH, interaction.uid).verifyEmail, 303);
  }

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

  /**
   * Sign-up with an address that has an account, while verification is required (issue 14,
   * finding 5): the same code page as a new account, and the owner is told by e-mail (at most once
   * an hour), with links to sign in and to reset the password.
   */
  async function signUpTaken(reply: FastifyReply, interaction: Interaction, owner: AccountRow) {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const queued = await db.transaction().execute(async (trx) => {
      const recent = await trx
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', '=', 'sign-up-attempt')
        .where('recipient', '=', owner.email)
        .where('created_at', '>', hourAgo)
        .executeTakeFirst();
      if (recent) return false;
      await mail.enqueue(
        trx,
        composeSignUpAttempt({
          to: owner.email,
          personName: owner.display_name,
          signInUrl: siteUrl,
          resetUrl: siteUrl,
        }),
      );
      return true;
    });
    if (queued) mail.wake();
    interaction.lastSubmission = { pendingEmail: owner.email };
    await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
    return reply
      .header('cache-control', 'no-store')
      .redirect(interactionPaths(IDP_MOUNT_PATH, interaction.uid).verifyEmail, 303);
  }

  /** A consent prompt (only if the implied grant did not cover a request): grant what is asked. */
  async function consent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
    const { accountId } = interaction.session ?? {};
    const clientId = interaction.params.client_id;
    if (!accountId || typeof clientId !== 'string') return sendExpired(reply);
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) return sendExpired(reply);
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return finish(request, reply, { consent: { grantId } });
  }

  /** One of the interaction's two forms, drawn for this interaction's URLs. */
  function show<Page extends { site: SiteIdentity; paths: InteractionPaths }>(
    reply: FastifyReply,
    interaction: Interaction,
    render: (page: Page) => string,
    page: Omit<Page, 'site' | 'paths'>,
    statusCode = 200,
  ) {
    const paths = interactionPaths(IDP_MOUNT_PATH, interaction.uid);
    return sendHtml(reply, render({ ...page, site, paths } as Page), statusCode);
  }

  const base = `${IDP_MOUNT_PATH}/interaction/:uid`;

  app.get<{ Params: UidParams }>(base, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    switch (interaction.prompt.name) {
      case 'create':
        return show(reply, interaction, signUpPage, {});
      case 'login': {
        const hint = interaction.params.login_hint;
        return show(reply, interaction, signInPage, {
          email: typeof hint === 'string' ? hint : '',
        });
      }
      case 'consent':
        return consent(request, reply, interaction);
      default:
        return sendExpired(reply);
    }
  });

  app.get<{ Params: UidParams; Querystring: { email?: unknown } }>(
    `${base}/entrar`,
    async (request, reply) => {
      const interaction = await load(request, reply);
      if (!interaction) return sendExpired(reply);
      const hint = interaction.params.login_hint;
      const email = formValue(request.query, 'email') || (typeof hint === 'string' ? hint : '');
      return show(reply, interaction, signInPage, { email });
    },
  );

  app.post<{ Params: UidParams }>(`${base}/entrar`, formRoute, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    const form = readForm(request.body, ['email', 'senha'] as const);
    const checked = validateSignIn(form);
    if (!checked.ok) {
      return show(
        reply,
        interaction,
        signInPage,
        { email: form.email, errors: checked.errors },
        400,
      );
    }
    const { email, password } = checked.value;
    // Counted before the password is looked at, atomically: concurrent guesses share the limit.
    const admission = await throttle.admit(email, request.ip);
    if (!admission.allowed) {
      reply.header('retry-after', String(admission.retryAfterSeconds));
      request.log.info('sign-in refused: too many attempts');
      return show(
        reply,
        interaction,
        signInPage,
        { email: form.email, formError: throttledMessage(admission.retryAfterSeconds) },
        429,
      );
    }
    const account = await accounts.authenticate(email, password);
    if (!account) {
      await throttle.failed(admission);
      request.log.info('sign-in failed');
      return show(
        reply,
        interaction,
        signInPage,
        { email: form.email, formError: signInMessages.wrongCredentials },
        400,
      );
    }
    await throttle.succeeded(email, request.ip);
    if (verificationRequired && account.email_verified_at === null) {
      request.log.info({ accountId: account.id }, 'sign-in waits for the e-mail confirmation');
      if (await db.transaction().execute((trx) => queueCode(trx, account))) mail.wake();
      return toCodePage(reply, interaction, account);
    }
    request.log.info({ accountId: account.id }, 'signed in');
    return signedIn(request, reply, account);
  });

  app.get<{ Params: UidParams }>(`${base}/criar-conta`, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    return show(reply, interaction, signUpPage, {});
  });

  app.post<{ Params: UidParams }>(`${base}/criar-conta`, formRoute, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    const form = readForm(request.body, signUpFields);
    const values = {
      nome: form.nome,
      email: form.email,
      celular: form.celular,
      nascimento: form.nascimento,
      consentimento: form.consentimento,
    };
    const checked = validateSignUp(form);
    if (!checked.ok) {
      return show(reply, interaction, signUpPage, { values, errors: checked.errors }, 400);
    }
    const taken = () =>
      show(
        reply,
        interaction,
        signUpPage,
        { values, errors: { email: signUpMessages.emailTaken }, emailTaken: true },
        400,
      );
    // Fake accounts could take every place (issue 14, finding 7): a limit per client address.
    const admission = await throttle.admitSignUp(request.ip, options.signUpsPerAddress);
    if (!admission.allowed) {
      reply.header('retry-after', String(admission.retryAfterSeconds));
      request.log.info('sign-up refused: too many accounts from this address');
      const minutes = Math.max(1, Math.ceil(admission.retryAfterSeconds / 60));
      const formError = `Muitas contas foram criadas a partir desta rede. Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e tente novamente.`;
      return show(reply, interaction, signUpPage, { values, formError }, 429);
    }
    if (verificationRequired) {
      // Hashed whatever happens next: an address with an account takes as long as a new one.
      const created = await accounts.newRow(checked.value);
      const owner = await accounts.findByEmail(checked.value.email);
      if (owner) {
        request.log.info('sign-up with an address that has an account: owner told by e-mail');
        return signUpTaken(reply, interaction, owner);
      }
      try {
        // The account and its code's message are written together.
        await db.transaction().execute(async (trx) => {
          await accounts.insert(created, trx);
          await queueCode(trx, created);
        });
      } catch (error) {
        // Created in the meantime by a concurrent sign-up: the same answer as above.
        if (error instanceof EmailTakenError) {
          const raced = await accounts.findByEmail(checked.value.email);
          if (raced) return signUpTaken(reply, interaction, raced);
        }
        throw error;
      }
      mail.wake();
      request.log.info({ accountId: created.id }, 'account created, e-mail to confirm');
      return toCodePage(reply, interaction, created);
    }
    // Without e-mail verification there is no other way to say it (README: EMAIL_VERIFICATION).
    if (await accounts.findByEmail(checked.value.email)) return taken();
    let account: AccountRow;
    try {
      account = await accounts.create(checked.value);
    } catch (error) {
      if (error instanceof EmailTakenError) return taken();
      throw error;
    }
    request.log.info({ accountId: account.id }, 'account created');
    return signedIn(request, reply, account);
  });

  app.get<{ Params: UidParams }>(`${base}/confirmar-email`, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    const pending = await pendingAccount(interaction);
    if (!pending) return sendExpired(reply);
    return show(reply, interaction, verifyEmailPage, { email: pending.email });
  });

  app.post<{ Params: UidParams }>(`${base}/confirmar-email`, formRoute, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    const pending = await pendingAccount(interaction);
    if (!pending) return sendExpired(reply);
    const { email, account } = pending;
    const { codigo } = readForm(request.body, ['codigo'] as const);
    if (codigo.trim() === '') {
      return show(reply, interaction, verifyEmailPage, { email, error: codeMessages.missing }, 400);
    }
    // Codes are guessed like passwords: the same throttle, per e-mail and per address.
    const admission = await throttle.admit(email, request.ip);
    if (!admission.allowed) {
      reply.header('retry-after', String(admission.retryAfterSeconds));
      const error = throttledMessage(admission.retryAfterSeconds);
      return show(reply, interaction, verifyEmailPage, { email, error }, 429);
    }
    // No account behind this page (a sign-up with a taken address): no code is ever right.
    const result = account ? await verifications.check(account.id, codigo) : 'wrong';
    if (result !== 'verified') {
      await throttle.failed(admission);
      request.log.info({ result }, 'e-mail confirmation refused');
      return show(reply, interaction, verifyEmailPage, { email, error: codeMessages[result] }, 400);
    }
    await throttle.succeeded(email, request.ip);
    if (!account) return sendExpired(reply);
    request.log.info({ accountId: account.id }, 'e-mail confirmed, signed in');
    return signedIn(request, reply, account);
  });

  app.post<{ Params: UidParams }>(`${base}/reenviar-codigo`, formRoute, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    const pending = await pendingAccount(interaction);
    if (!pending) return sendExpired(reply);
    const { account } = pending;
    // A taken address's page answers as a new account's would, and sends nothing more.
    const queued = account
      ? await db.transaction().execute((trx) => queueCode(trx, account))
      : true;
    if (queued && account) mail.wake();
    const notice = queued ? codeMessages.resent : codeMessages.wait;
    return show(reply, interaction, verifyEmailPage, { email: pending.email, notice });
  });

  app.get<{ Params: UidParams }>(`${base}/esqueci-senha`, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    const hint = interaction.params.login_hint;
    const email = formValue(request.query, 'email') || (typeof hint === 'string' ? hint : '');
    return show(reply, interaction, forgotPasswordPage, { email });
  });

  app.post<{ Params: UidParams }>(`${base}/esqueci-senha`, formRoute, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    const form = readForm(request.body, ['email'] as const);
    const email = validateEmail(form.email);
    if (typeof email !== 'string') {
      return show(reply, interaction, forgotPasswordPage, { email: form.email, ...email }, 400);
    }
    // The same page whether or not the address has an account; the link goes to the sign-in
    // address, the one the owner proved at sign-up.
    const account = await accounts.findByEmail(email);
    if (account) {
      const queued = await db.transaction().execute(async (trx) => {
        const token = await resets.create(trx, account.id);
        if (!token) return false;
        const resetUrl = `${options.issuer}/redefinir-senha?token=${token}`;
        await mail.enqueue(
          trx,
          composePasswordReset({ to: account.email, personName: account.display_name, resetUrl }),
        );
        return true;
      });
      if (queued) mail.wake();
      request.log.info(
        { accountId: account.id, queued },
        queued ? 'password reset link queued' : 'password reset not sent: too many this hour',
      );
    }
    return show(reply, interaction, resetLinkSentPage, {});
  });

  const linkGone = (reply: FastifyReply) =>
    sendHtml(
      reply,
      messagePage({
        site,
        title: 'Este link não vale mais',
        paragraphs: [
          'O link para criar uma nova senha expirou ou já foi usado.',
          'Volte ao site, clique em Acessar e peça um novo link em "Esqueci minha senha".',
        ],
      }),
      400,
    );

  app.get<{ Querystring: { token?: unknown } }>(RESET_PAGE, async (request, reply) => {
    const token = formValue(request.query, 'token');
    if (!(await resets.isUsable(token))) return linkGone(reply);
    reply.header('referrer-policy', 'no-referrer');
    return sendHtml(reply, newPasswordPage({ site, action: RESET_PAGE, token }));
  });

  app.post(RESET_PAGE, formRoute, async (request, reply) => {
    const form = readForm(request.body, ['token', 'senha'] as const);
    const account = await resets.accountFor(form.token);
    if (!account) return linkGone(reply);
    const password = validatePassword(form.senha, [account.display_name, account.email]);
    if (typeof password !== 'string') {
      reply.header('referrer-policy', 'no-referrer');
      return sendHtml(
        reply,
        newPasswordPage({ site, action: RESET_PAGE, token: form.token, ...password }),
        400,
      );
    }
    const reset = await resets.use(form.token, password);
    if (!reset) return linkGone(reply);
    await throttle.forgetEmail(reset.email);
    request.log.info({ accountId: account.id }, 'password reset: sessions ended');
    return sendHtml(
      reply,
      messagePage({
        site,
        title: 'Senha alterada',
        paragraphs: [
          'Sua nova senha já vale. Por segurança, as sessões abertas em outros aparelhos foram encerradas.',
          'Volte ao site e entre com o seu e-mail e a nova senha.',
        ],
      }),
    );
  });

  const contactGone = (reply: FastifyReply) =>
    sendHtml(
      reply,
      messagePage({
        site,
        title: 'Este link não vale mais',
        paragraphs: [
          'O link para confirmar o novo e-mail expirou ou já foi usado.',
          'Se ainda quiser trocar o e-mail, altere-o de novo no seu perfil: enviaremos outro link.',
        ],
      }),
      400,
    );

  app.get<{ Querystring: { token?: unknown } }>(CONTACT_CONFIRM_PATH, async (request, reply) => {
    const token = formValue(request.query, 'token');
    const email = await options.contactEmail.pendingFor(token);
    if (!email) return contactGone(reply);
    reply.header('referrer-policy', 'no-referrer');
    return sendHtml(
      reply,
      confirmContactPage({ site, action: CONTACT_CONFIRM_PATH, token, email }),
    );
  });

  app.post(CONTACT_CONFIRM_PATH, formRoute, async (request, reply) => {
    const { token } = readForm(request.body, ['token'] as const);
    if (!(await options.contactEmail.confirm(token))) return contactGone(reply);
    request.log.info('contact e-mail confirmed');
    return sendHtml(
      reply,
      messagePage({
        site,
        title: 'E-mail confirmado',
        paragraphs: ['Pronto! Este é agora o e-mail de contato da sua conta.'],
      }),
    );
  });

  app.post<{ Params: UidParams }>(`${base}/cancelar`, formRoute, async (request, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return sendExpired(reply);
    return finish(
      request,
      reply,
      { error: 'access_denied', error_description: 'cancelled by the user' },
      false,
    );
  });
};
