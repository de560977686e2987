/**
 * The stylesheet of the provider's pages: the brand palette of @centro/content followed by idp.css,
 * read once at start-up and served at a URL carrying its hash with a one-year immutable cache.
 * idp.css is not compiled: it is read from the source tree (the same relative path from src/ and
 * dist/, both directly under apps/server).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { paletteCss } from '@centro/content';
import { IDP_MOUNT_PATH } from '../constants.js';

/** apps/server/src/idp/views/idp.css, from this module in src/ or in dist/. */
const STYLESHEET_FILE = new URL('../../../src/idp/views/idp.css', import.meta.url);

export interface Stylesheet {
  /** The CSS served. */
  css: string;
  /** Its path under the site; changes whenever its content does. */
  path: string;
}

export async function loadStylesheet(): Promise<Stylesheet> {
  const css = `${paletteCss()}${await readFile(STYLESHEET_FILE, 'utf8')}`;
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 12);
  return { css, path: `${IDP_MOUNT_PATH}/assets/idp-${hash}.css` };
}
