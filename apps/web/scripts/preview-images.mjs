#!/usr/bin/env node
// @ts-check
/**
 * A step of the web build, after the pages are prerendered and optimised and before compression
 * (decision 029): what a shared link and an installed site show.
 *
 * 1. Link previews. WhatsApp, Facebook and most link previews ignore SVG, so every prerendered page
 *    whose `og:image` names a PNG under /og/ gets that PNG here: 1200×630, the page's illustration
 *    (the SVG named by the tag's `data-illustration`, or the centre's icon), its title and the
 *    centre's name, drawn as SVG and rendered by resvg with the fonts in ./preview-fonts (a Latin
 *    subset of DejaVu Sans, so the build needs no system font). The `data-illustration` attribute
 *    is then removed from the page.
 * 2. The web app manifest (`/manifest.webmanifest`) and its icons (`/icons/icon-192.png`,
 *    `/icons/icon-512.png`): the centre's icon, full-bleed on its blue so that it also serves as a
 *    maskable icon (the drawing inside the central 80% safe zone).
 *
 * Usage: node apps/web/scripts/preview-images.mjs [client build directory]   (default: build/client, or WEB_BUILD_DIR/client)
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { brand, centre } from '@centro/content';
import { readPalette } from '@centro/content/palette';
import { clientBuildDir } from './build-dir.mjs';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
export const PREVIEW_DIR = 'og';
export const ICON_SIZES = /** @type {const} */ ([192, 512]);
export const MANIFEST_FILE = 'manifest.webmanifest';

const FONTS_DIR = fileURLToPath(new URL('./preview-fonts/', import.meta.url));
const FONT_FILES = ['DejaVuSans-latin.ttf', 'DejaVuSans-Bold-latin.ttf'].map((f) =>
  path.join(FONTS_DIR, f),
);
const FONT_FAMILY = 'DejaVu Sans';

/** The colours drawn, from @centro/content/brand.css. */
const palette = readPalette();
const COLOURS = {
  blue: palette.blue,
  blueDark: palette['blue-dark'],
  gold: palette.gold,
  goldSoft: palette['gold-soft'],
  white: '#ffffff',
};

const META_TAG = /<meta\b[^>]*>/gi;

/** The attributes of one HTML start tag (values as written, entities decoded). */
export function tagAttributes(/** @type {string} */ tag) {
  /** @type {Record<string, string>} */
  const attributes = {};
  for (const match of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    const [, name = '', value = ''] = match;
    attributes[name.toLowerCase()] = decodeEntities(value);
  }
  return attributes;
}

function decodeEntities(/** @type {string} */ text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function escapeXml(/** @type {string} */ text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * What a page's head says about its preview, or null when it has none to draw.
 * @param {string} html
 * @returns {{ imagePath: string, title: string, illustration: string | null } | null}
 */
export function previewOf(html) {
  /** @type {Record<string, Record<string, string>>} */
  const byProperty = {};
  for (const tag of html.match(META_TAG) ?? []) {
    const attributes = tagAttributes(tag);
    const key = attributes.property ?? attributes.name;
    if (key) byProperty[key] = attributes;
  }
  const image = byProperty['og:image'];
  if (!image?.content) return null;
  const imagePath = new URL(image.content, 'http://site.invalid/').pathname;
  if (!imagePath.startsWith(`/${PREVIEW_DIR}/`) || !imagePath.endsWith('.png')) return null;
  const siteName = byProperty['og:site_name']?.content ?? '';
  const fullTitle = byProperty['og:title']?.content ?? '';
  const suffix = ` | ${siteName}`;
  const title =
    siteName && fullTitle.endsWith(suffix) ? fullTitle.slice(0, -suffix.length) : fullTitle;
  return { imagePath, title, illustration: image['data-illustration'] ?? null };
}

/** The page without the build-only `data-illustration` attribute. */
export function withoutIllustrationAttribute(/** @type {string} */ html) {
  return html.replace(META_TAG, (tag) => tag.replace(/\s+data-illustration="[^"]*"/, ''));
}

/**
 * Words into lines of at most `maxChars` characters (a word longer than that stands alone).
 * @param {string} text
 * @param {number} maxChars
 */
export function wrapWords(text, maxChars) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The title's lines and font size: the largest size (down to 44 px) that fits in four lines. */
export function titleLayout(/** @type {string} */ title) {
  // DejaVu Sans Bold averages about 0.68 em (upper bound, so that a line stays clear of the picture) per character of a Portuguese title.
  const width = 540;
  for (const size of [64, 56, 50, 44]) {
    const lines = wrapWords(title, Math.floor(width / (size * 0.68)));
    if (lines.length <= 4) return { size, lines };
  }
  const lines = wrapWords(title, Math.floor(width / (44 * 0.68)));
  return {
    size: 44,
    lines: [...lines.slice(0, 3), `${lines.slice(3).join(' ')}`.slice(0, 20) + '…'],
  };
}

const dataUri = (/** @type {string} */ svg) =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * The preview as an SVG document: title and centre's name on the left, the illustration (or the
 * photo at `illustrationHref`, a data: URL) on the right, the centre's band at the bottom.
 * @param {{ title: string, centreName: string, illustrationSvg?: string, illustrationHref?: string }} page
 */
export function previewSvg({ title, centreName, illustrationSvg = '', illustrationHref }) {
  const { size, lines } = titleLayout(title);
  const lineHeight = Math.round(size * 1.18);
  const textTop = 90 + Math.round((4 - lines.length) * lineHeight * 0.5);
  const titleText = lines
    .map(
      (line, i) =>
        `<text x="64" y="${textTop + i * lineHeight}" font-size="${size}" font-weight="700" fill="${COLOURS.blue}">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" font-family="${FONT_FAMILY}">`,
    `<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="${COLOURS.goldSoft}"/>`,
    `<clipPath id="art"><rect x="640" y="40" width="520" height="420" rx="28"/></clipPath>`,
    `<rect x="640" y="40" width="520" height="420" rx="28" fill="${COLOURS.blue}"/>`,
    `<image x="640" y="40" width="520" height="420" preserveAspectRatio="xMidYMid slice" clip-path="url(#art)" href="${illustrationHref ?? dataUri(illustrationSvg)}"/>`,
    titleText,
    `<rect y="500" width="${PREVIEW_WIDTH}" height="130" fill="${COLOURS.blue}"/>`,
    `<rect y="500" width="${PREVIEW_WIDTH}" height="8" fill="${COLOURS.gold}"/>`,
    `<image x="64" y="526" width="80" height="80" href="${dataUri(brand.iconSvg)}"/>`,
    `<text x="168" y="580" font-size="40" fill="${COLOURS.white}">${escapeXml(centreName)}</text>`,
    '</svg>',
  ].join('');
}

/** The centre's icon on a full square of its blue, the drawing inside the maskable safe zone. */
export function iconSvg(/** @type {number} */ size) {
  const inner = Math.round(size * 0.8);
  const offset = Math.round((size - inner) / 2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" fill="${COLOURS.blue}"/>`,
    `<image x="${offset}" y="${offset}" width="${inner}" height="${inner}" href="${dataUri(brand.iconSvg)}"/>`,
    '</svg>',
  ].join('');
}

/** The web app manifest (pt-BR), its icons under /icons/. */
export function webManifest() {
  const icons = ICON_SIZES.flatMap((size) =>
    ['any', 'maskable'].map((purpose) => ({
      src: `/icons/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
  );
  return {
    name: centre.name,
    short_name: brand.shortName,
    description: centre.tagline,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: COLOURS.white,
    theme_color: brand.themeColor,
    icons,
  };
}

/** A photo uploaded in the staff area, as pages name it (decision 065). */
const PHOTO_SRC = /^\/fotos\/([0-9a-f]{20})$/;

/**
 * The link preview of a page whose illustration is a photo uploaded in the staff area (decision
 * 065), drawn by the server when it renders the page again: the same drawing as the build's,
 * with the photo (`photoOf(id)`: its JPEG) in place of the illustration, at a URL named by its
 * hash under /fotos/, which the page's `og:image` then names. Other pages are returned as they are.
 * The URL changes in the page's data too (`renamed`, for its `.data`): the meta its hydration
 * renders must name the same image, or React 19 adds a second `og:image` beside the first.
 * @param {string} html
 * @param {((id: string) => Promise<Uint8Array | undefined>) | undefined} photoOf
 * @returns {Promise<{ html: string, files: Array<{ path: string, body: Uint8Array, type: string }>, renamed?: { from: string, to: string } }>}
 */
export async function withPhotoPreview(html, photoOf) {
  const preview = previewOf(html);
  const id = PHOTO_SRC.exec(
    preview?.illustration ? new URL(preview.illustration, 'http://site.invalid/').pathname : '',
  )?.[1];
  const jpeg = id && photoOf ? await photoOf(id) : undefined;
  if (!preview || !jpeg) return { html, files: [] };
  const png = renderPng(
    previewSvg({
      title: preview.title,
      centreName: centre.name,
      illustrationHref: `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`,
    }),
  );
  const imagePath = `/fotos/${createHash('sha256').update(png).digest('hex').slice(0, 20)}.png`;
  const from = (html.match(META_TAG) ?? [])
    .map((tag) => tagAttributes(tag))
    .find((attributes) => attributes.property === 'og:image')?.content;
  if (!from) return { html, files: [] };
  // In the meta and in the data the page carries for its hydration alike.
  const renamed = { from, to: from.replace(preview.imagePath, imagePath) };
  return {
    html: html.split(renamed.from).join(renamed.to),
    files: [{ path: imagePath, body: png, type: 'image/png' }],
    renamed,
  };
}

/** SVG to PNG with the bundled fonts only (no system font: the same image on every machine). */
export function renderPng(/** @type {string} */ svg) {
  const resvg = new Resvg(svg, {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    imageRendering: 0,
    shapeRendering: 2,
    textRendering: 1,
  });
  return resvg.render().asPng();
}

/**
 * @param {string} dir
 * @returns {AsyncGenerator<string>}
 */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'assets' && entry.name !== PREVIEW_DIR) yield* htmlFiles(full);
    } else if (entry.name.endsWith('.html')) {
      yield full;
    }
  }
}

/** Inside `dir`, or an error (a tag must not make the build write elsewhere). */
function inside(/** @type {string} */ dir, /** @type {string} */ urlPath) {
  const target = path.resolve(dir, `.${decodeURIComponent(urlPath)}`);
  if (!target.startsWith(`${path.resolve(dir)}${path.sep}`)) {
    throw new Error(`${urlPath} is outside the build`);
  }
  return target;
}

/** Every page's preview, the manifest and the icons, into the client build directory `dir`. */
export async function buildPreviews(/** @type {string} */ dir) {
  /** @type {Map<string, string>} */
  const written = new Map();
  let bytes = 0;
  let largest = 0;
  for await (const file of htmlFiles(dir)) {
    const html = await readFile(file, 'utf8');
    const preview = previewOf(html);
    if (preview) {
      const earlier = written.get(preview.imagePath);
      if (earlier !== undefined && earlier !== preview.title) {
        throw new Error(`${preview.imagePath} is claimed by two pages with different titles`);
      }
      const illustrationSvg = preview.illustration
        ? await readFile(
            inside(dir, new URL(preview.illustration, 'http://site.invalid/').pathname),
            'utf8',
          )
        : brand.iconSvg;
      const png = renderPng(
        previewSvg({ title: preview.title, centreName: centre.name, illustrationSvg }),
      );
      const target = inside(dir, preview.imagePath);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, png);
      written.set(preview.imagePath, preview.title);
      bytes += png.length;
      largest = Math.max(largest, png.length);
    }
    const cleaned = withoutIllustrationAttribute(html);
    if (cleaned !== html) await writeFile(file, cleaned);
  }
  await mkdir(path.join(dir, 'icons'), { recursive: true });
  for (const size of ICON_SIZES) {
    await writeFile(path.join(dir, 'icons', `icon-${size}.png`), renderPng(iconSvg(size)));
  }
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(webManifest(), null, 2)}\n`);
  return { images: written.size, bytes, largest };
}

async function main() {
  const dir = path.resolve(process.argv[2] ?? clientBuildDir());
  const started = performance.now();
  const { images, bytes, largest } = await buildPreviews(dir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `preview-images: ${images} link previews (${Math.round(bytes / 1024)} KB, largest ${Math.round(largest / 1024)} KB), manifest and icons in ${seconds} s`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
