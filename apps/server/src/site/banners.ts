/**
 * The banners ('Avisos', decision 056): the banners a page shows, put into its HTML as served, right
 * after `<body>`, with a small inline stylesheet at the end of `<head>` (its hash joins the page's CSP when the page is
 * prepared). It is plain HTML and CSS, in the page from its first byte: no script, no shift of the
 * layout after the first paint. React leaves them alone: when it hydrates `<head>` and `<body>` it
 * skips elements of another type than the one it expects; the first element it renders in
 * `<body>` is the skip link (an `<a>`), so the banner must never be an `<a>`.
 */
import type { Banner } from '@centro/contracts';

const STYLE =
  '<style>.avisos{background:#fff4d6;color:#3d2e00;border-bottom:1px solid #e8d49a;' +
  'font:inherit;font-size:.95rem;line-height:1.4}.avisos p{margin:0 auto;max-width:72rem;' +
  'padding:.5rem 1rem}.avisos p+p{border-top:1px solid #e8d49a}</style>';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The banners' HTML ('' for none). */
export function bannerHtml(banners: readonly Banner[]): string {
  if (banners.length === 0) return '';
  const items = banners
    .map((n) => `<p><strong>${escapeHtml(n.title)}</strong> ${escapeHtml(n.text)}</p>`)
    .join('');
  return `<div class="avisos" role="region" aria-label="Avisos">${items}</div>`;
}

/** The page with its banners first in `<body>` (unchanged when there are none). */
export function withBanners(html: string, banners: readonly Banner[]): string {
  const banner = bannerHtml(banners);
  if (banner === '') return html;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return html;
  const at = body.index + body[0].length;
  const withBanner = html.slice(0, at) + banner + html.slice(at);
  const head = withBanner.lastIndexOf('</head>', body.index);
  return head < 0 ? withBanner : withBanner.slice(0, head) + STYLE + withBanner.slice(head);
}
