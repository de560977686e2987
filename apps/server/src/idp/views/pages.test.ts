/**
 * The provider's views rendered on their own: escaping, labels and autocomplete, errors tied to
 * their fields, the self-submitting forms' one script, and the pages' CSP.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brand } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../http/csp.js';
import { interactionPaths } from './form-parts.js';
import type { SiteIdentity } from './layout.js';
import { autoSubmitPage, messagePage, signOutConfirmPage } from './message-pages.js';
import { idpPageCsp } from './page-csp.js';
import { signInPage, signUpPage } from './sign-in-pages.js';
import { loadStylesheet } from './stylesheet.js';

const site: SiteIdentity = {
  portalName: 'Portal <Luz>',
  contactEmail: 'contato@exemplo.org.br',
  footerYear: 2025,
  themeColor: brand.themeColor,
  iconSvg: brand.iconSvg,
  stylesheetPath: '/idp/assets/idp-teste.css',
};
const paths = interactionPaths('/idp', 'abc_123-XYZ');

/** The markup with every run of white space made one space (templates are formatted). */
function flat(markup: string): string {
  return markup.replace(/\s+/g, ' ');
}

function count(haystack: string, needle: RegExp): number {
  return [...haystack.matchAll(needle)].length;
}

describe('the layout', () => {
  it('carries the brand: icon, theme colour, footer year, the stylesheet', () => {
    const page = messagePage({ site, title: 'Olá', paragraphs: [] });
    expect(page.startsWith('<!DOCTYPE html><html lang="pt-BR">')).toBe(true);
    expect(page).toContain(`<meta name="theme-color" content="${brand.themeColor}"/>`);
    expect(page).toContain('<link rel="stylesheet" href="/idp/assets/idp-teste.css"/>');
    expect(page).toContain(`href="data:image/svg+xml,${encodeURIComponent(brand.iconSvg)}"`);
    expect(page).toContain('Portal &lt;Luz&gt; 2025 · <a href="/privacidade">');
  });

  it('has a stylesheet that starts with the brand palette, at a path naming its hash', async () => {
    const stylesheet = await loadStylesheet();
    const palette = readFileSync(
      createRequire(import.meta.url).resolve('@centro/content/brand.css'),
      'utf8',
    );
    expect(stylesheet.css.startsWith(palette)).toBe(true);
    expect(palette).toContain(`--blue: ${brand.themeColor};`);
    expect(stylesheet.css).toContain('.error-summary');
    expect(stylesheet.path).toMatch(/^\/idp\/assets\/idp-[\w-]{12}\.css$/);
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
        new RegExp(`<input id="${id}"[^>]*autoComplete="${autocomplete}"[^>]*name="${id}"`),
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
    expect(page).not.toMatch(/<input id="consentimento"[^>]*checked/);
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
    expect(page).toContain(
      'href="/idp/interaction/abc_123-XYZ/esqueci-senha?email=ana%40example.org">Esqueci minha senha</a>',
    );
    expect(page).toMatch(
      /<input id="senha"[^>]*autoComplete="current-password"[^>]*aria-describedby="entrar-erro"/,
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
    expect(page).toContain('<input type="hidden" name="xsrf" value="abc&quot;"/>');
    expect(inlineScriptHashes(page)).toEqual([]);
    expect(page).toContain(
      '<button class="btn btn-primary" type="submit" value="yes" name="logout">Sair</button>',
    );
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

describe('the pages’ CSP', () => {
  const csp = idpPageCsp({
    formActionOrigins: [
      'http://localhost:3000',
      'http://localhost:3000',
      'https://app.example',
      // Not expressible in CSP; left to 'self'.
      'http://[::1]:3000',
    ],
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
