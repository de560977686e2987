/**
 * The stylesheet of the provider's pages: the website's colours and patterns (deep blue, gold,
 * sky), served at a URL carrying its hash with a one-year immutable cache.
 */
import { createHash } from 'node:crypto';
import { IDP_MOUNT_PATH } from './constants.js';

export const IDP_STYLESHEET = `:root {
  --blue: #1f3a5f;
  --blue-dark: #142845;
  --gold: #e0a526;
  --gold-soft: #fdf3dc;
  --sky: #dbe9f6;
  --sky-soft: #f2f7fc;
  --text: #1c2633;
  --muted: #4a5566;
  --line: #c9d8ea;
  --error: #b3261e;
  --error-soft: #fdeceb;
  --radius: 0.75rem;
  --shadow: 0 1px 2px rgb(31 58 95 / 8%), 0 4px 16px rgb(31 58 95 / 8%);
  color-scheme: light;
  -webkit-text-size-adjust: 100%;
  text-size-adjust: 100%;
}
*, *::before, *::after { box-sizing: border-box; }
body {
  margin: 0;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: var(--sky-soft);
  color: var(--text);
  font: 1rem/1.6 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif;
  overflow-wrap: break-word;
}
a { color: var(--blue); text-underline-offset: 0.15em; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--blue); outline-offset: 2px; }
.page { width: min(72rem, 100% - 2rem); margin-inline: auto; }
.skip-link {
  position: absolute; top: 0.5rem; left: 0.5rem; z-index: 10;
  padding: 0.75rem 1rem; border-radius: 0.5rem;
  background: var(--blue); color: #fff; font-weight: 700;
  transform: translateY(-200%);
}
.skip-link:focus { transform: none; outline: 3px solid var(--gold); }
.site-header { border-top: 4px solid var(--gold); border-bottom: 1px solid var(--line); background: #fff; }
.site-header .page { display: flex; align-items: center; padding-block: 0.5rem; }
.brand {
  display: inline-flex; align-items: center; gap: 0.625rem; min-height: 2.75rem;
  color: var(--blue); font-size: 1.125rem; font-weight: 800; line-height: 1.2; text-decoration: none;
}
.brand svg { flex: none; }
main { flex: 1; padding-block: 1.5rem 3rem; }
main:focus { outline: none; }
.card {
  width: min(30rem, 100%); margin-inline: auto; padding: 1.5rem 1.25rem;
  background: #fff; border: 1px solid var(--line); border-top: 4px solid var(--blue);
  border-radius: var(--radius); box-shadow: var(--shadow);
}
@media (min-width: 30rem) { .card { padding: 2rem; } }
h1, h2 { color: var(--blue); line-height: 1.25; margin: 0 0 0.75rem; }
h1 { font-size: clamp(1.6rem, 1.3rem + 1.5vw, 2rem); }
h2 { font-size: 1.125rem; }
p { margin: 0 0 1rem; }
.lead { color: var(--muted); }
.field { margin-bottom: 1.25rem; }
.field label, .field .label { display: block; font-weight: 700; margin-bottom: 0.25rem; }
.hint { display: block; color: var(--muted); font-size: 0.9375rem; margin: 0 0 0.375rem; }
.field-error { display: block; color: var(--error); font-weight: 700; margin: 0 0 0.375rem; }
input[type='text'], input[type='email'], input[type='password'], input[type='tel'] {
  display: block; width: 100%; min-height: 2.75rem; padding: 0.5rem 0.75rem;
  font: inherit; color: var(--text); background: #fff;
  border: 2px solid var(--muted); border-radius: 0.5rem;
}
input:focus-visible { outline: 3px solid var(--gold); outline-offset: 0; border-color: var(--blue); }
input[aria-invalid='true'] { border-color: var(--error); }
.check { display: flex; gap: 0.75rem; align-items: flex-start; }
.check input { flex: none; width: 1.5rem; height: 1.5rem; margin: 0.1rem 0 0; accent-color: var(--blue); }
.check label { font-weight: 400; margin: 0; }
.field--error.check-field { border-left: 4px solid var(--error); padding-left: 0.75rem; }
.btn {
  display: inline-flex; align-items: center; justify-content: center; width: 100%;
  min-height: 2.75rem; padding: 0.5rem 1.25rem; border: 2px solid transparent; border-radius: 999px;
  font: inherit; font-weight: 700; line-height: 1.2; text-align: center; text-decoration: none; cursor: pointer;
}
.btn-primary { background: var(--blue); color: #fff; }
.btn-primary:hover { background: var(--blue-dark); }
.btn-link {
  width: auto; min-height: 2.75rem; padding: 0; border: 0; background: none;
  color: var(--blue); font: inherit; text-decoration: underline; text-underline-offset: 0.15em;
  cursor: pointer;
}
.actions { margin-top: 1.5rem; }
.alt { margin: 1.25rem 0 0; padding-top: 1.25rem; border-top: 1px solid var(--line); }
.alt p { margin-bottom: 0.5rem; }
.error-summary {
  margin-bottom: 1.5rem; padding: 1rem; border: 3px solid var(--error); border-radius: 0.5rem;
  background: var(--error-soft);
}
.error-summary h2 { color: var(--error); margin-bottom: 0.5rem; }
.error-summary ul { margin: 0; padding-left: 1.25rem; }
.error-summary a { color: var(--error); font-weight: 700; }
.notice { padding: 1rem; border-left: 4px solid var(--gold); background: var(--gold-soft); border-radius: 0.25rem; }
.site-footer { margin-top: auto; border-top: 4px solid var(--gold); background: var(--blue); color: #fff; }
.site-footer .page { padding-block: 1.25rem; }
.site-footer p { margin: 0; }
.site-footer a { color: #fff; }
.site-footer :focus-visible { outline-color: var(--gold); }
.nowrap { white-space: nowrap; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; border: 0;
}
`;

const hash = createHash('sha256').update(IDP_STYLESHEET).digest('base64url').slice(0, 12);

/** Path of the stylesheet; changes whenever its content does. */
export const IDP_STYLESHEET_PATH = `${IDP_MOUNT_PATH}/assets/idp-${hash}.css`;
