/**
 * What every interaction page's route does alike: answer a page with the pages' headers (no-store,
 * its CSP), a message page, the 'expired' page; find the interaction of a request (its cookie must
 * match the URL's uid); draw a form for the interaction's URLs; and hand a result back to the
 * provider (signed in, consent, cancelled).
 */
import { BUILT_IN_PROVIDER_PATH } from '@centro/contracts/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { waitMinutes } from '../../refusals/catalogue.js';
import { normaliseProviderRequest } from '../provider/mount.js';
import type { AccountRow } from '../store/accounts.js';
import type { AccountRenewal } from '../store/sign-ups.js';
import { interactionPaths, type InteractionPaths } from '../views/form-parts.js';
import type { SiteIdentity } from '../views/layout.js';
import { messagePage } from '../views/message-pages.js';
import type { IdpCsp } from '../views/page-csp.js';

/** The largest interaction form accepted (the sign-up form is well under 2 KiB). */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;
/** The options of a route that takes a form. */
export const formRoute = { bodyLimit: FORM_BODY_LIMIT_BYTES };

/** The route of an interaction's first page; its other pages are below it. */
export const INTERACTION_ROUTE = `${BUILT_IN_PROVIDER_PATH}/interaction/:uid`;

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
export interface UidParams {
  uid: string;
}

/** "Aguarde N minutos" for a Retry-After in seconds. */
export function throttledMessage(retryAfterSeconds: number): string {
  return `Muitas tentativas sem sucesso. Por segurança, aguarde ${waitMinutes(retryAfterSeconds)} e tente novamente.`;
}

/** The e-mail the website suggested (`login_hint`), or ''. */
export function loginHint(interaction: Interaction): string {
  const hint = interaction.params.login_hint;
  return typeof hint === 'string' ? hint : '';
}

/**
 * Whose address the code page is confirming: an account (with, after a sign-up with the address
 * of an unconfirmed account, what that sign-up typed: decision 084), or a confirmed address whose
 * owner was told instead (no account; `sentAt`, in ms, paces 'Reenviar código' as a code would).
 */
export type PendingVerification =
  | { pendingVerification: string; renewal?: AccountRenewal }
  | { pendingEmail: string; sentAt: number };

export interface InteractionPages {
  site: SiteIdentity;
  /** Answers a page: no-store, with the page's CSP. */
  sendHtml(reply: FastifyReply, body: string, statusCode?: number): FastifyReply;
  /** Answers a message with a way back to the website. */
  sendMessage(
    reply: FastifyReply,
    title: string,
    paragraphs: string[],
    statusCode?: number,
  ): FastifyReply;
  /** The page of an unknown, expired or used interaction (400). */
  sendExpired(reply: FastifyReply): FastifyReply;
  /** The interaction of this request, when its cookie is present and matches the URL's uid. */
  load(
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined>;
  /** Hands the result to the provider and redirects to where it continues (303). */
  finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults,
    merge?: boolean,
  ): Promise<FastifyReply>;
  /** Signs the account in; resolves a requested prompt=create too (signing in resolves it). */
  signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    account: AccountRow,
  ): Promise<FastifyReply>;
  /** One of the interaction's forms, drawn for this interaction's URLs. */
  show<Page extends { site: SiteIdentity; paths: InteractionPaths }>(
    reply: FastifyReply,
    interaction: Interaction,
    render: (page: Page) => string,
    page: Omit<Page, 'site' | 'paths'>,
    statusCode?: number,
  ): FastifyReply;
  /** Remembers in the interaction whose address is being confirmed. */
  remember(interaction: Interaction, pending: PendingVerification): Promise<void>;
  /** `remember`, then leads to the code page. */
  toCodePage(
    reply: FastifyReply,
    interaction: Interaction,
    pending: PendingVerification,
  ): Promise<FastifyReply>;
}

export function createInteractionPages({
  provider,
  site,
  csp,
  siteUrl,
}: {
  provider: Provider;
  site: SiteIdentity;
  csp: IdpCsp;
  siteUrl: string;
}): InteractionPages {
  const pathsOf = (interaction: Interaction) =>
    interactionPaths(BUILT_IN_PROVIDER_PATH, interaction.uid);

  const pages: InteractionPages = {
    site,

    sendHtml(reply, body, statusCode = 200) {
      return reply
        .code(statusCode)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', csp(body))
        .send(body);
    },

    sendMessage(reply, title, paragraphs, statusCode = 200) {
      return pages.sendHtml(reply, messagePage({ site, title, paragraphs }), statusCode);
    },

    sendExpired(reply) {
      return pages.sendMessage(
        reply,
        'Este pedido de acesso expirou',
        [
          'O tempo para entrar terminou ou esta página já foi usada. Volte ao site e tente entrar outra vez.',
        ],
        400,
      );
    },

    async load(request, reply) {
      try {
        const raw = normaliseProviderRequest(request, siteUrl);
        const interaction = await provider.interactionDetails(raw, reply.raw);
        return interaction.uid === request.params.uid ? interaction : undefined;
      } catch (error) {
        if ((error as { name?: unknown } | null)?.name === 'SessionNotFound') return undefined;
        throw error;
      }
    },

    async finish(request, reply, result, merge = true) {
      const raw = normaliseProviderRequest(request, siteUrl);
      const returnTo = await provider.interactionResult(raw, reply.raw, result, {
        mergeWithLastSubmission: merge,
      });
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    },

    signedIn(request, reply, account) {
      return pages.finish(request, reply, {
        login: { accountId: account.id, amr: ['pwd'], remember: true },
        create: {},
      });
    },

    show(reply, interaction, render, page, statusCode = 200) {
      const paths = pathsOf(interaction);
      return pages.sendHtml(
        reply,
        render({ ...page, site, paths } as Parameters<typeof render>[0]),
        statusCode,
      );
    },

    async remember(interaction, pending) {
      interaction.lastSubmission = pending;
      await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
    },

    async toCodePage(reply, interaction, pending) {
      await pages.remember(interaction, pending);
      return reply
        .header('cache-control', 'no-store')
        .redirect(pathsOf(interaction).verifyEmail, 303);
    },
  };
  return pages;
}
