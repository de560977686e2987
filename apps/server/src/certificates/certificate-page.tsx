/**
 * The page `/certificados/<código>` (decision 094), answered by the server: it must say whether a
 * certificate is valid to anyone who opens the printed address, with or without JavaScript, and
 * its answer changes when a completion is withdrawn, so it cannot be prerendered. It is the site's
 * own 'Página Não Encontrada' (header, footer and inlined stylesheet as published, decision 068)
 * with its title and `<main>` replaced and every script taken out: the page never hydrates, so
 * React cannot put the 404's text back, and its CSP allows no script at all. Pure: HTML in, HTML
 * out; any text given is escaped by React.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { CheckText } from './certificate-content.js';
import { buildPageCsp, inlineStyleHashes } from '../http/csp.js';

export type CheckTone = 'valid' | 'invalid' | 'unknown';

function CheckBody({ text, tone }: { text: CheckText; tone: CheckTone }) {
  return (
    <div className="page prose">
      <p className="eyebrow">Verificação de certificado</p>
      <h1>{text.title}</h1>
      {text.paragraphs.map((p) => (
        <p key={p} className={tone === 'valid' ? 'confirmation__notice' : 'enrol__refusal'}>
          {p}
        </p>
      ))}
      {text.facts.length > 0 && (
        <div className="participant__data">
          <dl>
            {text.facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <div className="actions">
        <a className="btn btn-primary" href="/">
          Ir para o início
        </a>
      </div>
    </div>
  );
}

const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOADS = /<link\b[^>]*rel="modulepreload"[^>]*>/gi;
/** 'Acessar' opens the sign-in with JavaScript: without it, a button that does nothing. */
const SIGN_IN_ACTION = /<li class="main-nav__action">[\s\S]*?<\/li>/;
const TITLE = /<title>[^<]*?( \| [^<]*)?<\/title>/;
const MAIN = /(<main\b[^>]*>)[\s\S]*?(<\/main>)/;

/** The check's page in the site's frame (`frame`: the 404 page's HTML as served). */
export function certificatePageHtml(frame: string, text: CheckText, tone: CheckTone): string {
  const body = renderToStaticMarkup(<CheckBody text={text} tone={tone} />);
  const title = renderToStaticMarkup(<title>{text.title}</title>).slice(
    '<title>'.length,
    -'</title>'.length,
  );
  return frame
    .replace(SCRIPTS, '')
    .replace(MODULE_PRELOADS, '')
    .replace(SIGN_IN_ACTION, '')
    .replace(TITLE, (_all, suffix: string | undefined) => `<title>${title}${suffix ?? ''}</title>`)
    .replace(MAIN, (_all, open: string, close: string) => `${open}${body}${close}`);
}

/** The page's CSP: its inlined stylesheets by hash, and no script. */
export function certificatePageCsp(html: string, https: boolean): string {
  return buildPageCsp({
    scriptHashes: [],
    styleHashes: inlineStyleHashes(html),
    frameSrc: [],
    upgradeInsecureRequests: https,
  });
}
