/**
 * The pages oidc-provider renders itself, in pt-BR and in the site's look: its error page, the
 * sign-out confirmation (or, with a valid `id_token_hint`, a sign-out that submits itself), the
 * signed-out page, and its self-submitting "form_post" pages (which the library writes in English,
 * so they are rewritten here). Every HTML answer of the provider gets the pages' strict CSP, with
 * its inline scripts allowed by hash.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { IdpCsp } from './page-csp.js';
import {
  autoSubmitPage,
  messagePage,
  signOutConfirmPage,
  type HiddenInput,
  type SiteIdentity,
} from './pages.js';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function decodeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

const FORM_POST_TITLE = '<title>Submitting Callback</title>';
const FORM = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/;
const HIDDEN_INPUT = /<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g;

/**
 * The library's form_post page (an auto-submitting form), rewritten in pt-BR; undefined when the
 * HTML is not such a page or its form cannot be read (the original is kept then).
 */
export function rewriteFormPostPage(body: string, site: SiteIdentity): string | undefined {
  if (!body.includes(FORM_POST_TITLE)) return undefined;
  const form = FORM.exec(body);
  if (!form) return undefined;
  const inputs: HiddenInput[] = [...(form[2] ?? '').matchAll(HIDDEN_INPUT)].map((match) => ({
    name: decodeHtml(match[1] ?? ''),
    value: decodeHtml(match[2] ?? ''),
  }));
  return autoSubmitPage({
    site,
    title: 'Só um instante',
    text: 'Estamos levando você de volta ao site.',
    action: decodeHtml(form[1] ?? ''),
    inputs,
    button: 'Continuar',
  });
}

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
  return {
    title: 'Não foi possível continuar',
    text: 'O pedido de acesso não é válido. Volte ao site e tente entrar outra vez.',
  };
}

export interface ProviderPages {
  renderError(ctx: KoaContextWithOIDC, out: ErrorOut, error: unknown): void;
  logoutSource(ctx: KoaContextWithOIDC, form: string): void;
  postLogoutSuccessSource(ctx: KoaContextWithOIDC): void;
}

export function providerPages(site: SiteIdentity): ProviderPages {
  return {
    renderError(ctx, out, error) {
      const { title, text } = errorExplanation(out, error);
      ctx.type = 'html';
      ctx.body = messagePage({
        site,
        title,
        paragraphs: [text],
        detail: out.error ? `Código do erro: ${out.error}` : undefined,
      });
    },

    logoutSource(ctx) {
      const action = ctx.oidc.urlFor('end_session_confirm');
      const xsrf = String((ctx.oidc.session?.state as { secret?: unknown } | undefined)?.secret);
      ctx.type = 'html';
      // A valid id_token_hint (checked by the library) shows the request comes from the website:
      // sign out at once. Otherwise ask, so a link on another site cannot sign anyone out.
      ctx.body = ctx.oidc.entities.IdTokenHint
        ? autoSubmitPage({
            site,
            title: 'Saindo da sua conta',
            text: 'Estamos encerrando sua sessão.',
            action,
            inputs: [
              { name: 'xsrf', value: xsrf },
              { name: 'logout', value: 'yes' },
            ],
            button: 'Sair',
          })
        : signOutConfirmPage({ site, action, xsrf });
    },

    postLogoutSuccessSource(ctx) {
      ctx.type = 'html';
      ctx.body = messagePage({
        site,
        title: 'Você saiu da sua conta',
        paragraphs: ['Sua sessão foi encerrada neste navegador.'],
      });
    },
  };
}

/**
 * Koa middleware, first in the provider's stack: unknown paths get a pt-BR 404 page, form_post
 * pages are rewritten, and every HTML answer gets the pages' CSP.
 */
export function providerHtmlMiddleware(site: SiteIdentity, csp: IdpCsp) {
  return async (
    ctx: { status: number; body: unknown; type: string; set(name: string, value: string): void },
    next: () => Promise<unknown>,
  ) => {
    await next();
    if (ctx.status === 404 && (ctx.body === null || ctx.body === undefined)) {
      ctx.status = 404;
      ctx.type = 'html';
      ctx.body = messagePage({
        site,
        title: 'Página não encontrada',
        paragraphs: ['O endereço não existe. Volte ao site para continuar.'],
      });
    }
    if (typeof ctx.body === 'string' && ctx.type === 'text/html') {
      const body = rewriteFormPostPage(ctx.body, site) ?? ctx.body;
      ctx.body = body;
      ctx.set('content-security-policy', csp(body));
      ctx.set('cache-control', 'no-store');
    }
  };
}
