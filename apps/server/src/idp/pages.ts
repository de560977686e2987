/**
 * The provider's pages, in pt-BR and in the website's look: sign in, create an account, sign out,
 * and the messages (expired request, errors). Plain HTML forms: no script is needed, except the
 * auto-submitting forms, which also work without JavaScript (a button in <noscript>).
 * Accessibility: one h1, labels bound to inputs, hints and errors tied with aria-describedby, an
 * error summary linking to the fields, "Erro:" in the title when the form has errors.
 */
import { html, trusted, type SafeHtml } from './html.js';
import { IDP_STYLESHEET_PATH } from './styles.js';
import type { FieldErrors, SignInField, SignUpField } from './form-validation.js';

export interface SiteIdentity {
  /** The website's name (content's `centre.portalName`). */
  portalName: string;
  /** The centre's contact e-mail (for a forgotten password). */
  contactEmail: string;
  /** Year shown in the footer, as on the website. */
  footerYear: number;
}

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#1f3a5f"/><path d="M32 11c5 8 10 12 10 19a10 10 0 0 1-20 0c0-7 5-11 10-19z" fill="#e0a526"/><path d="M32 22c2.5 4 5 6 5 9.5a5 5 0 0 1-10 0c0-3.5 2.5-5.5 5-9.5z" fill="#fdf3dc"/><path d="M12 44c7-3 14-3 20 1 6-4 13-4 20-1v6c-7-3-14-3-20 1-6-4-13-4-20-1z" fill="#dbe9f6"/></svg>';
const ICON_DATA_URI = `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`;
const HEADER_ICON = trusted(
  ICON_SVG.replace('<svg ', '<svg width="36" height="36" aria-hidden="true" focusable="false" '),
);

interface LayoutOptions {
  site: SiteIdentity;
  /** The page's own title (the portal's name is appended). */
  title: string;
  hasErrors?: boolean;
  body: SafeHtml;
  /** Markup after </main> (the auto-submit script). */
  after?: SafeHtml;
}

function layout({ site, title, hasErrors = false, body, after }: LayoutOptions): string {
  return html`<!DOCTYPE html>
    <html lang="pt-BR">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="theme-color" content="#1f3a5f" />
        <title>${hasErrors ? 'Erro: ' : ''}${title} | ${site.portalName}</title>
        <link rel="icon" href="${ICON_DATA_URI}" type="image/svg+xml" />
        <link rel="stylesheet" href="${IDP_STYLESHEET_PATH}" />
      </head>
      <body>
        <a class="skip-link" href="#conteudo">Pular para o conteúdo</a>
        <header class="site-header">
          <div class="page">
            <a class="brand" href="/">${HEADER_ICON}<span>${site.portalName}</span></a>
          </div>
        </header>
        <main id="conteudo" tabindex="-1">
          <div class="page"><div class="card">${body}</div></div>
        </main>
        <footer class="site-footer">
          <div class="page">
            <p>
              ${site.portalName} ${site.footerYear} ·
              <a href="/privacidade">Aviso de privacidade</a>
            </p>
          </div>
        </footer>
        ${after}
      </body>
    </html> `.value;
}

interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password' | 'tel';
  autocomplete: string;
  value?: string;
  hint?: SafeHtml | string;
  error?: SafeHtml | string;
  /** Extra ids for aria-describedby (a message about the whole form). */
  describedBy?: string[];
  inputmode?: 'numeric' | 'tel' | 'email';
  maxlength?: number;
}

function field(spec: FieldSpec): SafeHtml {
  const hintId = spec.hint ? `${spec.name}-dica` : undefined;
  const errorId = spec.error ? `${spec.name}-erro` : undefined;
  const describedBy = [hintId, errorId, ...(spec.describedBy ?? [])].filter(Boolean).join(' ');
  const invalid = spec.error !== undefined || (spec.describedBy?.length ?? 0) > 0;
  return html`<div class="field${spec.error ? ' field--error' : ''}">
    <label for="${spec.name}">${spec.label}</label>
    ${hintId ? html`<span class="hint" id="${hintId}">${spec.hint}</span>` : ''}
    ${errorId ? html`<span class="field-error" id="${errorId}"><span class="visually-hidden">Erro: </span>${spec.error}</span>` : ''}
    <input
      id="${spec.name}"
      name="${spec.name}"
      type="${spec.type}"
      autocomplete="${spec.autocomplete}"
      ${
        spec.inputmode ? html` inputmode="${spec.inputmode}"` : ''
      }${spec.maxlength ? html` maxlength="${spec.maxlength}"` : ''}
      required${
        invalid ? html` aria-invalid="true"` : ''
      }${describedBy ? html` aria-describedby="${describedBy}"` : ''}${
        spec.value !== undefined ? html` value="${spec.value}"` : ''
      }
    />
  </div>`;
}

interface SummaryItem {
  /** id of the field the item links to. */
  target: string;
  message: string;
}

function errorSummary(items: SummaryItem[]): SafeHtml | '' {
  if (items.length === 0) return '';
  return html`<div class="error-summary" role="alert" aria-labelledby="resumo-erros">
    <h2 id="resumo-erros">${items.length === 1 ? 'Há um problema' : 'Há alguns problemas'}</h2>
    <ul>
      ${items.map((item) => html`<li><a href="#${item.target}">${item.message}</a></li>`)}
    </ul>
  </div>`;
}

/** URLs of an interaction's pages. */
export function interactionPaths(mountPath: string, uid: string) {
  const base = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
  return {
    base,
    signIn: `${base}/entrar`,
    signUp: `${base}/criar-conta`,
    cancel: `${base}/cancelar`,
  };
}

type InteractionPaths = ReturnType<typeof interactionPaths>;

function cancelForm(paths: InteractionPaths): SafeHtml {
  return html`<form method="post" action="${paths.cancel}">
    <button class="btn-link" type="submit">Cancelar e voltar ao site</button>
  </form>`;
}

export interface SignInPageOptions {
  site: SiteIdentity;
  paths: InteractionPaths;
  email?: string;
  errors?: FieldErrors<SignInField>;
  /** A message about the whole form: wrong credentials, or too many attempts. */
  formError?: string;
}

export function signInPage({
  site,
  paths,
  email = '',
  errors = {},
  formError,
}: SignInPageOptions): string {
  const summary: SummaryItem[] = [];
  if (formError) summary.push({ target: 'email', message: formError });
  if (errors.email) summary.push({ target: 'email', message: errors.email });
  if (errors.senha) summary.push({ target: 'senha', message: errors.senha });
  const formErrorIds = formError ? ['entrar-erro'] : [];
  const body = html`<h1>Entrar</h1>
    <p class="lead">Entre com o e-mail e a senha da sua conta para se inscrever nos cursos.</p>
    ${errorSummary(summary)}
    <form method="post" action="${paths.signIn}" novalidate>
      ${formError ? html`<p class="field-error" id="entrar-erro"><span class="visually-hidden">Erro: </span>${formError}</p>` : ''}
      ${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'username', inputmode: 'email', value: email, error: errors.email, describedBy: formErrorIds, maxlength: 254 })}
      ${field({ name: 'senha', label: 'Senha', type: 'password', autocomplete: 'current-password', error: errors.senha, describedBy: formErrorIds })}
      <div class="actions"><button class="btn btn-primary" type="submit">Entrar</button></div>
    </form>
    <div class="alt">
      <p>Ainda não tem conta? <a href="${paths.signUp}">Criar conta</a></p>
      <p>
        Esqueceu a senha? Escreva para
        <a href="mailto:${site.contactEmail}">${site.contactEmail}</a>.
      </p>
      ${cancelForm(paths)}
    </div>`;
  return layout({ site, title: 'Entrar', hasErrors: summary.length > 0, body });
}

export interface SignUpPageOptions {
  site: SiteIdentity;
  paths: InteractionPaths;
  /** Values to show again (never the password). */
  values?: Partial<Record<Exclude<SignUpField, 'senha'>, string>>;
  errors?: FieldErrors<SignUpField>;
  /** The e-mail has an account already: the message links to the sign-in page. */
  emailTaken?: boolean;
}

const SIGN_UP_ORDER: SignUpField[] = [
  'nome',
  'email',
  'senha',
  'celular',
  'nascimento',
  'consentimento',
];

export function signUpPage({
  site,
  paths,
  values = {},
  errors = {},
  emailTaken = false,
}: SignUpPageOptions): string {
  const summary = SIGN_UP_ORDER.flatMap((name): SummaryItem[] => {
    const message = errors[name];
    return message ? [{ target: name, message }] : [];
  });
  const email = values.email ?? '';
  const emailError =
    emailTaken && errors.email
      ? html`${errors.email}
          <a href="${paths.signIn}?email=${encodeURIComponent(email)}">Entrar com este e-mail</a>`
      : errors.email;
  const consentIds = ['consentimento-dica', errors.consentimento ? 'consentimento-erro' : '']
    .filter(Boolean)
    .join(' ');
  const body = html`<h1>Criar conta</h1>
    <p class="lead">
      Preencha seus dados para se inscrever nos cursos. Todos os campos são obrigatórios.
    </p>
    ${errorSummary(summary)}
    <form method="post" action="${paths.signUp}" novalidate>
      ${field({ name: 'nome', label: 'Nome', type: 'text', autocomplete: 'name', value: values.nome ?? '', error: errors.nome, maxlength: 120 })}
      ${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', inputmode: 'email', value: email, error: emailError, maxlength: 254 })}
      ${field({ name: 'senha', label: 'Senha', type: 'password', autocomplete: 'new-password', hint: 'Pelo menos 8 caracteres.', error: errors.senha, maxlength: 128 })}
      ${field({ name: 'celular', label: 'Celular', type: 'tel', autocomplete: 'tel', inputmode: 'tel', hint: html`Com DDD, por exemplo <span class="nowrap">(11) 91234-5678</span>.`, value: values.celular ?? '', error: errors.celular, maxlength: 30 })}
      ${field({ name: 'nascimento', label: 'Data de nascimento', type: 'text', autocomplete: 'bday', inputmode: 'numeric', hint: 'No formato DD/MM/AAAA, por exemplo 25/12/1990.', value: values.nascimento ?? '', error: errors.nascimento, maxlength: 10 })}
      <div class="field check-field${errors.consentimento ? ' field--error' : ''}">
        <p class="hint" id="consentimento-dica">
          Veja como usamos seus dados no
          <a href="/privacidade" target="_blank" rel="noopener">aviso de privacidade</a> (abre em
          uma nova aba).
        </p>
        ${errors.consentimento ? html`<span class="field-error" id="consentimento-erro"><span class="visually-hidden">Erro: </span>${errors.consentimento}</span>` : ''}
        <div class="check">
          <input
            id="consentimento"
            name="consentimento"
            type="checkbox"
            value="sim"
            required
            aria-describedby="${consentIds}"
            ${errors.consentimento ? html` aria-invalid="true"` : ''}${values.consentimento ? html` checked` : ''}
          />
          <label for="consentimento"
            >Li o aviso de privacidade e concordo com o uso dos meus dados para o cadastro e as
            inscrições nos cursos.</label
          >
        </div>
      </div>
      <div class="actions"><button class="btn btn-primary" type="submit">Criar conta</button></div>
    </form>
    <div class="alt">
      <p>Já tem conta? <a href="${paths.signIn}">Entrar</a></p>
      ${cancelForm(paths)}
    </div>`;
  return layout({ site, title: 'Criar conta', hasErrors: summary.length > 0, body });
}

export interface MessagePageOptions {
  site: SiteIdentity;
  title: string;
  paragraphs: string[];
  /** A small print line (e.g. the error code for support). */
  detail?: string;
}

/** A message with a way back to the website (errors, expired requests, signed out). */
export function messagePage({ site, title, paragraphs, detail }: MessagePageOptions): string {
  const body = html`<h1>${title}</h1>
    ${paragraphs.map((text) => html`<p>${text}</p>`)}
    <p class="actions"><a class="btn btn-primary" href="/">Voltar ao site</a></p>
    ${detail ? html`<p class="hint">${detail}</p>` : ''}`;
  return layout({ site, title, body });
}

export interface HiddenInput {
  name: string;
  value: string;
}

const AUTO_SUBMIT = trusted('<script>document.forms[0].submit();</script>');

/**
 * A form that submits itself (the provider's form_post pages and the sign-out with a valid
 * id_token_hint); without JavaScript, a button does it.
 */
export function autoSubmitPage(options: {
  site: SiteIdentity;
  title: string;
  text: string;
  action: string;
  inputs: HiddenInput[];
  button: string;
}): string {
  const body = html`<h1>${options.title}</h1>
    <p>${options.text}</p>
    <form method="post" action="${options.action}">
      ${options.inputs.map((input) => html`<input type="hidden" name="${input.name}" value="${input.value}" />`)}
      <noscript><button class="btn btn-primary" type="submit">${options.button}</button></noscript>
    </form>`;
  return layout({ site: options.site, title: options.title, body, after: AUTO_SUBMIT });
}

/** Asks before signing out (the request did not prove it comes from the website). */
export function signOutConfirmPage(options: {
  site: SiteIdentity;
  action: string;
  xsrf: string;
}): string {
  const body = html`<h1>Sair da conta</h1>
    <p>Deseja sair da sua conta no ${options.site.portalName} neste navegador?</p>
    <form method="post" action="${options.action}">
      <input type="hidden" name="xsrf" value="${options.xsrf}" />
      <div class="actions">
        <button class="btn btn-primary" type="submit" name="logout" value="yes">Sair</button>
      </div>
    </form>
    <div class="alt">
      <p><a href="/">Voltar ao site sem sair</a></p>
    </div>`;
  return layout({ site: options.site, title: 'Sair da conta', body });
}
