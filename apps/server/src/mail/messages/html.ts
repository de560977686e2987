/**
 * HTML for e-mails with every interpolated value escaped: `html` is a tagged template whose
 * values are escaped unless they are `SafeHtml` (made by `html` itself), so a name such as
 * `<script>` or `"Ana" & Cia` reaches the message as text. Links must be http(s).
 */

/** A piece of HTML that was built by `html` (its values already escaped). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

type Value = string | number | SafeHtml | readonly (string | number | SafeHtml)[];

function render(value: Value): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((v: string | number | SafeHtml) => render(v)).join('');
  return escapeHtml(String(value as string | number));
}

/** A tagged template: html`<p>${name}</p>` escapes `name`. */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** The URL, when it is an absolute http(s) address; throws otherwise (no javascript: links). */
export function httpUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Not an http(s) link: ${url.protocol}`);
  }
  return url.toString();
}
