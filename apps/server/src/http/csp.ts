/**
 * Content-Security-Policy of a prerendered page: its inline scripts and inline stylesheets (the
 * site's CSS, inlined by the web build, decision 010) are allowed by their SHA-256 hashes, so
 * neither script-src nor style-src needs 'unsafe-inline'. The scripts allowed are those the renderer
 * emitted (decision 003, load-pages.ts); a page holding another is not served. Pure functions, no
 * I/O.
 */
import { createHash } from 'node:crypto';

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/**
 * Whether a script `type` is a data block (JSON, JSON-LD) that the browser never executes and CSP
 * therefore does not govern.
 */
function isDataBlock(type: string): boolean {
  const essence = type.trim().toLowerCase();
  return essence === 'application/json' || essence === 'application/ld+json';
}

/** The text of every inline script the browser would execute (or load as an import map). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    if (type && isDataBlock(type[1] ?? type[2] ?? type[3] ?? '')) continue;
    scripts.push(body);
  }
  return scripts;
}

/** The text of every `<style>` element of a page (an inline SVG's included). */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(STYLE_ELEMENT)].map((match) => match[1] ?? '');
}

/** CSP source expression of a script or style text: `'sha256-<base64 of its UTF-8 digest>'`. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Hash sources of a page's inline scripts, deduplicated, in document order. */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(sha256Source))];
}

/** Hash sources of a page's inline stylesheets, deduplicated, in document order. */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set(inlineStyles(html).map(sha256Source))];
}

export interface PageCspOptions {
  /** Hash sources of the page's inline scripts (see `inlineScriptHashes`). */
  scriptHashes: readonly string[];
  /**
   * Hash sources of the page's inline stylesheets (see `inlineStyleHashes`). Styles are otherwise
   * allowed only from the site's own files: no style attributes, no injected `<style>`.
   */
  styleHashes: readonly string[];
  /** Origins the page may embed in frames (the map). */
  frameSrc: readonly string[];
  /** Extra origins the page's scripts may call (e.g. an external identity provider). */
  connectSrc?: readonly string[];
  /** Add upgrade-insecure-requests: only when the site is served over https. */
  upgradeInsecureRequests: boolean;
}

/** The Content-Security-Policy header value of one page. */
export function buildPageCsp(options: PageCspOptions): string {
  const frameSrc = options.frameSrc.length > 0 ? options.frameSrc : ["'none'"];
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...options.scriptHashes].join(' '),
    ['style-src', "'self'", ...options.styleHashes].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    ['connect-src', "'self'", ...(options.connectSrc ?? [])].join(' '),
    ['frame-src', ...frameSrc].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.upgradeInsecureRequests) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Origin of a URL, for use as a CSP source (`https://www.google.com`). */
export function cspOrigin(url: string): string {
  return new URL(url).origin;
}
