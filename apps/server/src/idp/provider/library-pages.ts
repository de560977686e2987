/**
 * The pages oidc-provider would render itself, drawn by our views in pt-BR: its error page, the
 * sign-out confirmation (or a sign-out that submits itself, when the request proves it comes from
 * the person's own website), the signed-out page, and its self-submitting forms, drawn from what
 * the library puts in them: the answer of a `form_post` authorization (its `authorization.success`
 * event), or the session's sign-out secret (sign-out without a session, switching accounts). An
 * error answered by `form_post` gets our error page (the website uses `fragment`). Every HTML
 * answer of the provider gets the pages' strict CSP, with its inline script allowed by hash.
 */
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { SiteIdentity } from '../views/layout.js';
import { autoSubmitPage, messagePage, signOutConfirmPage } from '../views/message-pages.js';
import type { IdpCsp } from '../views/page-csp.js';

interface ErrorOut {
  error?: string;
  error_description?: string;
}

/** pt-BR explanation of an error the provider shows on its own page. */
function errorExplanation(out: ErrorOut, error: unknown): { title: string; text: string } {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'SessionNotFound') {
    return {
      title: 'Este pedido de acesso expirou',
      text: 'O tempo para entrar terminou ou a página foi aberta de novo depois de concluída. Volte ao site e tente entrar outra vez.',
    };
  }
  if (out.error === 'server_error') {
    return {
      title: 'Algo deu errado',
      text: 'Ocorreu um erro inesperado. Tente novamente em alguns instantes.',
    };
  }
  return INVALID_REQUEST;
}

const INVALID_REQUEST = {
  title: 'Não foi possível continuar',
  text: 'O pedido de acesso não é válido. Volte ao site e tente entrar outra vez.',
};

const CONTINUING = {
  title: 'Só um instante',
  text: 'Estamos levando você de volta ao site.',
  button: 'Continuar',
};

/** The secret the library's sign-out confirmation checks (its `xsrf` field). */
function logoutSecret(ctx: KoaContextWithOIDC): string | undefined {
  const secret = (ctx.oidc?.session?.state as { secret?: unknown } | undefined)?.secret;
  return typeof secret === 'string' ? secret : undefined;
}

/**
 * Whether a sign-out request proves it comes from the session's own website: a valid
 * `id_token_hint` (checked by the library, expired or not) issued to the session's account.
 * A token of anyone else, which any other site may hold, does not sign this person out unasked.
 */
export function hintIsForSession(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  return typeof accountId === 'string' && hint?.payload?.sub === accountId;
}

export interface LibraryPages {
  renderError(ctx: KoaContextWithOIDC, out: ErrorOut, error: unknown): void;
  logoutSource(ctx: KoaContextWithOIDC, form: string): void;
  postLogoutSuccessSource(ctx: KoaContextWithOIDC): void;
  /** Puts the pages' middleware first in the provider's stack and listens to its answers. */
  attach(provider: Provider): void;
}

/** The library's answers that are ours to draw, with the CSP of the pages. */
export function libraryPages(site: SiteIdentity, csp: IdpCsp): LibraryPages {
  // Answers drawn by the hooks here; any other HTML is one the library wrote itself.
  const drawn = new WeakSet<KoaContextWithOIDC>();
  // What the library answered an authorization with, and the requests that failed.
  const answers = new WeakMap<KoaContextWithOIDC, Record<string, unknown>>();
  const failed = new WeakSet<KoaContextWithOIDC>();

  function draw(ctx: KoaContextWithOIDC, body: string): void {
    ctx.type = 'html';
    ctx.body = body;
    drawn.add(ctx);
  }

  /** A self-submitting sign-out (asked by the person's website, or nothing to ask about). */
  function signOutNow(
    ctx: KoaContextWithOIDC,
    xsrf: string,
    page: { title: string; text: string; button: string },
  ): string {
    return autoSubmitPage({
      site,
      ...page,
      action: ctx.oidc.urlFor('end_session_confirm'),
      inputs: [
        { name: 'xsrf', value: xsrf },
        { name: 'logout', value: 'yes' },
      ],
    });
  }

  /** Our page in place of one the library wrote itself (always a self-submitting form). */
  function replaceLibraryPage(ctx: KoaContextWithOIDC): string {
    const route = ctx.oidc?.route;
    const answer = answers.get(ctx);
    const redirectUri = ctx.oidc?.params?.redirect_uri;
    if (!failed.has(ctx) && answer && typeof redirectUri === 'string') {
      // A form_post answer to the website: the code, state and iss.
      return autoSubmitPage({
        site,
        ...CONTINUING,
        action: redirectUri,
        inputs: Object.entries(answer)
          .filter(([, value]) => value !== undefined && value !== null)
          .map(([name, value]) => ({ name, value: String(value) })),
      });
    }
    const xsrf = logoutSecret(ctx);
    if (!failed.has(ctx) && xsrf && (route === 'end_session' || route === 'resume')) {
      // end_session without a signed-in account; resume when another account signs in.
      return signOutNow(ctx, xsrf, CONTINUING);
    }
    if (ctx.status < 400) ctx.status = 400;
    return messagePage({ site, title: INVALID_REQUEST.title, paragraphs: [INVALID_REQUEST.text] });
  }

  /**
   * After the library: a pt-BR 404 page for unknown paths, our page instead of any the library
   * wrote itself, and the CSP on every page.
   */
  async function middleware(ctx: KoaContextWithOIDC, next: () => Promise<unknown>) {
    await next();
    if (ctx.status === 404 && (ctx.body === null || ctx.body === undefined)) {
      ctx.status = 404;
      draw(
        ctx,
        messagePage({
          site,
          title: 'Página não encontrada',
          paragraphs: ['O endereço não existe. Volte ao site para continuar.'],
        }),
      );
    }
    if (typeof ctx.body !== 'string' || ctx.type !== 'text/html') return;
    // A redirect's body is Koa's one-line link, not a page of the library.
    const redirect = ctx.status >= 300 && ctx.status < 400;
    if (!drawn.has(ctx) && !redirect) ctx.body = replaceLibraryPage(ctx);
    ctx.set('content-security-policy', csp(ctx.body as string));
    ctx.set('cache-control', 'no-store');
  }

  return {
    renderError(ctx, out, error) {
      const { title, text } = errorExplanation(out, error);
      draw(
        ctx,
        messagePage({
          site,
          title,
          paragraphs: [text],
          detail: out.error ? `Código do erro: ${out.error}` : undefined,
        }),
      );
    },

    logoutSource(ctx) {
      const xsrf = logoutSecret(ctx) ?? '';
      // Sign out at once only for the session's own website; otherwise ask, so a link on another
      // site cannot sign anyone out.
      draw(
        ctx,
        hintIsForSession(ctx)
          ? signOutNow(ctx, xsrf, {
              title: 'Saindo da sua conta',
              text: 'Estamos encerrando sua sessão.',
              button: 'Sair',
            })
          : signOutConfirmPage({ site, action: ctx.oidc.urlFor('end_session_confirm'), xsrf }),
      );
    },

    postLogoutSuccessSource(ctx) {
      draw(
        ctx,
        messagePage({
          site,
          title: 'Você saiu da sua conta',
          paragraphs: ['Sua sessão foi encerrada neste navegador.'],
        }),
      );
    },

    attach(provider) {
      provider.use(middleware);
      const events = provider as unknown as NodeJS.EventEmitter;
      events.on('authorization.success', (ctx: KoaContextWithOIDC, out: Record<string, unknown>) =>
        answers.set(ctx, out),
      );
      for (const event of ['authorization.error', 'server_error']) {
        events.on(event, (ctx: KoaContextWithOIDC) => failed.add(ctx));
      }
    },
  };
}
