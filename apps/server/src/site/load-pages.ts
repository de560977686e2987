/**
 * Reads the prerendered pages of the web build into memory at start-up and prepares them (CSP from
 * their inline scripts, which the build's last step checked it emitted, and styles; compression,
 * ETags). A missing page is a broken build: start-up
 * fails with the list of files.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildPageCsp, inlineScriptHashes, inlineStyleHashes, sha256Source } from '../http/csp.js';
import { preparePage, type PreparedPage } from './page.js';

/** File of the client-rendered shell used for the signed-in routes. */
export const SPA_FALLBACK_FILE = '__spa-fallback.html';
/** File of the prerendered 'Página Não Encontrada' page. */
export const NOT_FOUND_FILE = '404/index.html';
/** The paths the web build's renderer renders these two from (`render(path, content)`). */
export const SPA_FALLBACK_PATH = '/__spa-fallback.html';
export const NOT_FOUND_PATH = '/404';

export interface SiteRoutes {
  /** Public pages, each prerendered to `<path>/index.html`. */
  publicPaths: readonly string[];
  /** Signed-in pages, all answered with the client-rendered shell. */
  signedInPaths: readonly string[];
}

export interface PageSecurity {
  /** Origins of embedded frames (the map). */
  frameSrc: readonly string[];
  /** Extra origins for connect-src. */
  connectSrc?: readonly string[];
  /** The site is public over https: add upgrade-insecure-requests. */
  https: boolean;
  /** Security headers other than the CSP, sent with every page. */
  headers?: Readonly<Record<string, string>>;
}

export interface SitePages {
  /**
   * Page answered with 200 for each routed path. The content's publisher replaces a page here when
   * it renders it again (decision 054); the routes and the fast lane read it at each request.
   */
  readonly byPath: Map<string, PreparedPage>;
  /**
   * Page answered with 404 for every unknown path; replaced, with the signed-in pages' shell in
   * `byPath`, when the contact details in their footer change (decision 068).
   */
  notFound: PreparedPage;
  /**
   * Each public page's HTML as built (or last rendered), before the notices' banners are put in
   * (decision 056): what a page is prepared from again when its notices change.
   */
  readonly html: Map<string, Buffer>;
  /**
   * The client navigation data (`<path>.data`) of the pages edited content may render again, by
   * its path (`/horarios.data`): served from here, replaced with its page (decision 054).
   */
  readonly data: Map<string, Buffer>;
  /**
   * The inline scripts the renderer emitted in each page it rendered again (decision 003), by
   * path: the only ones its CSP allows when it is prepared again.
   */
  readonly scripts: Map<string, readonly string[]>;
}

/** `/horarios` → `/horarios.data`, `/` → `/_root.data`: React Router's data request of a page. */
export function dataPath(urlPath: string): string {
  return urlPath === '/' ? '/_root.data' : `${urlPath}.data`;
}

export class WebBuildError extends Error {
  override name = 'WebBuildError';
}

/** `/` → `index.html`; `/global-kardec/passe` → `global-kardec/passe/index.html`. */
export function pageFile(urlPath: string): string {
  return urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}/index.html`;
}

async function readPages(webRoot: string, files: readonly string[]): Promise<Map<string, Buffer>> {
  const results = await Promise.allSettled(files.map((file) => readFile(path.join(webRoot, file))));
  const missing = files.filter((_, i) => results[i]?.status === 'rejected');
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(', ');
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
    throw new WebBuildError(
      `The web build in ${webRoot} is missing or incomplete: cannot read ${shown}${more}. ` +
        'Build the site first (npm run build), or point WEB_ROOT at a build.',
    );
  }
  const contents = new Map<string, Buffer>();
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') contents.set(files[i] as string, result.value);
  });
  return contents;
}

/** A rendered page holds an inline script its renderer did not emit: it is not served. */
export class ForeignScriptError extends Error {
  override name = 'ForeignScriptError';
}

/**
 * The hash sources of `emitted`, the inline scripts a renderer emitted in `html`.
 * @throws ForeignScriptError when the page holds any other inline script.
 */
export function assertOwnScripts(html: string, emitted: readonly string[]): string[] {
  const allowed = [...new Set(emitted.map(sha256Source))];
  const foreign = inlineScriptHashes(html).filter((hash) => !allowed.includes(hash));
  if (foreign.length > 0) {
    throw new ForeignScriptError(`an inline script its renderer did not emit (${foreign[0]})`);
  }
  return allowed;
}

/**
 * Prepares a public page (CSP, compression, validators). Its CSP allows the inline scripts its
 * renderer emitted, `emitted` (decision 003), and fails when the page holds any other; without
 * `emitted`, a page as the build wrote it (whose last step refused any other script), those of its
 * HTML. Its inline stylesheets are allowed by their hashes.
 * @throws ForeignScriptError
 */
export function preparePublicPage(
  html: Buffer,
  security: PageSecurity,
  options: { validators: boolean; noindex: boolean } = { validators: true, noindex: false },
  emitted?: readonly string[],
): Promise<PreparedPage> {
  const text = html.toString('utf8');
  const allowed = emitted ? assertOwnScripts(text, emitted) : inlineScriptHashes(text);
  const csp = buildPageCsp({
    scriptHashes: allowed,
    styleHashes: inlineStyleHashes(text),
    frameSrc: security.frameSrc,
    connectSrc: security.connectSrc ?? [],
    upgradeInsecureRequests: security.https,
  });
  return preparePage(html, { csp, baseHeaders: security.headers ?? {}, ...options });
}

/** Load and prepare every page of the site. */
export async function loadSitePages(
  webRoot: string,
  routes: SiteRoutes,
  security: PageSecurity,
  /** Pages edited content may render again: their `.data` files are served from memory. */
  editable: readonly string[] = [],
): Promise<SitePages> {
  const publicFiles = routes.publicPaths.map(pageFile);
  const contents = await readPages(webRoot, [...publicFiles, SPA_FALLBACK_FILE, NOT_FOUND_FILE]);

  const prepare = (file: string, options: { validators: boolean; noindex: boolean }) =>
    preparePublicPage(contents.get(file) as Buffer, security, options);

  const [publicPages, fallback, notFound] = await Promise.all([
    Promise.all(publicFiles.map((file) => prepare(file, { validators: true, noindex: false }))),
    prepare(SPA_FALLBACK_FILE, { validators: true, noindex: true }),
    prepare(NOT_FOUND_FILE, { validators: false, noindex: true }),
  ]);

  const byPath = new Map<string, PreparedPage>();
  routes.publicPaths.forEach((urlPath, i) => byPath.set(urlPath, publicPages[i] as PreparedPage));
  for (const urlPath of routes.signedInPaths) byPath.set(urlPath, fallback);
  const data = new Map<string, Buffer>();
  for (const urlPath of editable) {
    const file = dataPath(urlPath);
    const body = await readFile(path.join(webRoot, file.slice(1))).catch(() => undefined);
    if (body) data.set(file, body);
  }
  const html = new Map<string, Buffer>();
  routes.publicPaths.forEach((urlPath, i) =>
    html.set(urlPath, contents.get(publicFiles[i] as string) as Buffer),
  );
  return { byPath, notFound, data, html, scripts: new Map() };
}
