/**
 * The stylesheet of the provider's pages: the brand palette (@centro/content/brand.css, which the
 * website imports too) followed by idp.css,
 * read once at start-up and served at a URL carrying its hash with a one-year immutable cache.
 * idp.css is not compiled: it is read from the source tree (the same relative path from src/ and
 * dist/, both directly under apps/server).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BUILT_IN_PROVIDER_PATH } from '@centro/contracts/identity';

/** The palette, shared with the website. */
const BRAND_FILE = createRequire(import.meta.url).resolve('@centro/content/brand.css');
/** apps/server/src/idp/views/idp.css, from this module in src/ or in dist/. */
const STYLESHEET_FILE = new URL('../../../src/idp/views/idp.css', import.meta.url);

export interface Stylesheet {
  /** The CSS served. */
  css: string;
  /** Its path under the site; changes whenever its content does. */
  path: string;
}

export async function loadStylesheet(): Promise<Stylesheet> {
  const [palette, own] = await Promise.all([
    readFile(BRAND_FILE, 'utf8'),
    readFile(STYLESHEET_FILE, 'utf8'),
  ]);
  const css = `${palette}\n${own}`;
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 12);
  return { css, path: `${BUILT_IN_PROVIDER_PATH}/assets/idp-${hash}.css` };
}
