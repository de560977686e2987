import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../site/csp.js';
import { escapeHtml, html } from './html.js';
import { idpPageCsp } from './page-csp.js';
import {
  autoSubmitPage,
  interactionPaths,
  messagePage,
  signInPage,
  signOutConfirmPage,
  signUpPage,
} from './pages.js';
import { rewriteFormPostPage } from './provider-pages.js';

const site = {
  portalName: 'Portal <Luz>',
  contactEmail: 'contato@exemplo.org.br',
  footerYear: 2025,
};
const paths = interactionPaths('/idp', 'abc_123-XYZ');

/** The markup with every run of white space made one space (templates are formatted). */
function flat(markup: string): string {
  return markup.replace(/\s+/g, ' ');
}

function count(haystack: string, needle: RegExp): number {
  return [...haystack.matchAll(needle)].length;
}

describe('html', () => {
  it('escapes every interpolated value, but not nested templates', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}${['<', html`<br />`]}${null}${undefined}${false}${0}</p>`.value).toBe(
      '<p><b>&lt;i&gt;</b>&lt;<br />0</p>',
    );
  });
});

describe('the sign-up page', () => {
  const hostile = '"><script>alert(1)</script>';
  const page = flat(
    signUpPage({
      site,
      paths,
      values: { nome: hostile, email: hostile, celular: hostile, nascimento: hostile },
      errors: { nome: 'Informe seu nome.', consentimento: 'Marque o consentimento.' },
    }),
  );

  it('keeps the values typed, escaped', () => {
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).toContain('Portal &lt;Luz&gt;');
  });

  it('is one h1, lang pt-BR, labels bound to inputs, with autocomplete', () => {
    expect(page).toContain('<html lang="pt-BR">');
    expect(count(page, /<h1>/g)).toBe(1);
    for (const [id, autocomplete] of [
      ['nome', 'name'],
      ['email', 'email'],
      ['senha', 'new-password'],
      ['celular', 'tel'],
      ['nascimento', 'bday'],
    ]) {
      expect(page).toContain(`<label for="${id}">`);
      expect(page).toMatch(
        new RegExp(`<input id="${id}" name="${id}"[^>]*autocomplete="${autocomplete}"`),
      );
    }
    expect(page).toMatch(/<label for="consentimento"\s*>/);
    expect(page).toContain('action="/idp/interaction/abc_123-XYZ/criar-conta"');
  });

  it('ties each error to its field and lists them in a summary linking to the fields', () => {
    expect(page).toContain('<title>Erro: Criar conta | Portal &lt;Luz&gt;</title>');
    expect(page).toContain('<li><a href="#nome">Informe seu nome.</a></li>');
    expect(page).toContain('<li><a href="#consentimento">Marque o consentimento.</a></li>');
    expect(page).toMatch(/<input id="nome"[^>]*aria-invalid="true" aria-describedby="nome-erro"/);
    expect(page).toMatch(
      /<input id="consentimento"[^>]*aria-describedby="consentimento-dica consentimento-erro" aria-invalid="true"/,
    );
    expect(page).toMatch(/<input id="senha"[^>]*aria-describedby="senha-dica"/);
    expect(page).not.toMatch(/<input id="senha"[^>]*value=/);
  });

  it('links an e-mail already registered to the sign-in page', () => {
    const taken = flat(
      signUpPage({
        site,
        paths,
        values: { email: 'ana+1@example.org' },
        errors: { email: 'Este e-mail já está cadastrado.' },
        emailTaken: true,
      }),
    );
    expect(taken).toContain(
      'Este e-mail já está cadastrado. <a href="/idp/interaction/abc_123-XYZ/entrar?email=ana%2B1%40example.org">Entrar com este e-mail</a>',
    );
  });
});

describe('the sign-in page', () => {
  it('says what is wrong with the credentials without telling which, tied to both fields', () => {
    const page = flat(
      signInPage({
        site,
        paths,
        email: 'ana@example.org',
        formError: 'E-mail ou senha incorretos.',
      }),
    );
    expect(page).toContain('<h1>Entrar</h1>');
    expect(page).toContain('<li><a href="#email">E-mail ou senha incorretos.</a></li>');
    expect(page).toMatch(
      /<input id="email"[^>]*aria-describedby="entrar-erro"[^>]*value="ana@example.org"/,
    );
    expect(page).toMatch(
      /<input id="senha"[^>]*autocomplete="current-password"[^>]*aria-describedby="entrar-erro"/,
    );
    expect(page).toContain('href="/idp/interaction/abc_123-XYZ/criar-conta">Criar conta</a>');
    expect(page).toContain('>Entrar</button>');
  });

  it('has no error summary when nothing is wrong', () => {
    const page = signInPage({ site, paths });
    expect(page).not.toContain('error-summary');
    expect(page).toContain('<title>Entrar | Portal &lt;Luz&gt;</title>');
  });
});

describe('pages without a form to fill', () => {
  it('always offer a way back to the site', () => {
    const page = messagePage({
      site,
      title: 'Expirou',
      paragraphs: ['Tente de novo.'],
      detail: 'x',
    });
    expect(page).toContain('<a class="btn btn-primary" href="/">Voltar ao site</a>');
    expect(inlineScriptHashes(page)).toEqual([]);
  });

  it('sign out after asking, with the xsrf value of the library', () => {
    const page = flat(
      signOutConfirmPage({ site, action: '/idp/session/end/confirm', xsrf: 'abc"' }),
    );
    expect(page).toContain('<input type="hidden" name="xsrf" value="abc&quot;" />');
    expect(page).toContain('name="logout" value="yes"');
  });

  it('submit themselves with one script, and without JavaScript with a button', () => {
    const page = autoSubmitPage({
      site,
      title: 'Só um instante',
      text: 'Voltando.',
      action: '/idp/x',
      inputs: [{ name: 'a', value: '1' }],
      button: 'Continuar',
    });
    expect(inlineScriptHashes(page)).toHaveLength(1);
    expect(page).toContain(
      '<noscript><button class="btn btn-primary" type="submit">Continuar</button></noscript>',
    );
  });
});

describe("the library's form_post pages", () => {
  // The markup oidc-provider's response_modes/form_post.js writes (values escaped as it does).
  const original = `<!DOCTYPE html>
<html>
<head>
  <meta http-equiv="X-UA-Compatible" content="IE=edge">
  <title>Submitting Callback</title>
  <script>document.addEventListener('DOMContentLoaded', function () { document.forms[0].submit() });</script>
</head>
<body>
  <form method="post" action="http://localhost:3000/idp/session/end/confirm?a=1&amp;b=2">
    <input type="hidden" name="xsrf" value="a&amp;b&quot;c"/>
<input type="hidden" name="logout" value="yes"/>
    <noscript>
      Your browser does not support JavaScript or you've disabled it.<br/>
      <button autofocus type="submit">Continue</button>
    </noscript>
  </form>
</body>
</html>`;

  it('are rewritten in pt-BR with the same form', () => {
    const page = flat(String(rewriteFormPostPage(original, site)));
    expect(page).toContain('<html lang="pt-BR">');
    expect(page).toContain('action="http://localhost:3000/idp/session/end/confirm?a=1&amp;b=2"');
    expect(page).toContain('<input type="hidden" name="xsrf" value="a&amp;b&quot;c" />');
    expect(page).toContain('<input type="hidden" name="logout" value="yes" />');
    expect(page).not.toContain('Submitting Callback');
  });

  it('are left alone when they are something else', () => {
    expect(rewriteFormPostPage('<p>outra</p>', site)).toBeUndefined();
  });
});

describe('the pages’ CSP', () => {
  const csp = idpPageCsp({
    formActionOrigins: ['http://localhost:3000', 'http://localhost:3000', 'https://app.example'],
    https: true,
  });

  it('allows no script but the inline ones of the page, by hash', () => {
    expect(csp('<p>x</p>')).toBe(
      "default-src 'none'; script-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self' http://localhost:3000 https://app.example; base-uri 'none'; frame-ancestors 'none'; upgrade-insecure-requests",
    );
    const page = '<script>document.forms[0].submit();</script>';
    expect(csp(page)).toContain(`script-src ${inlineScriptHashes(page)[0]};`);
  });
});
