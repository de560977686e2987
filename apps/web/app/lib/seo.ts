/** Builders of each page's <title>, description, canonical link, Open Graph tags and JSON-LD. */
import type { MetaDescriptor } from 'react-router';
import type { PageImage } from './page-image';

/** What every page's head needs to know about the site. */
export interface SiteInfo {
  /** Validated public origin, e.g. "https://www.example.org". */
  origin: string;
  portalName: string;
}

export interface PageSeo {
  /** Page name; null on the home page, whose title is the portal's name alone. */
  title: string | null;
  description: string;
  /** Root-relative path of the page, e.g. "/horarios". */
  path: string;
  /**
   * The page's illustration: drawn, with the title and the centre's name, into the page's link
   * preview (`previewImagePath`) at build time. Without one, the preview shows the centre's icon.
   */
  image?: PageImage;
  type?: 'website' | 'article';
  /** schema.org objects, one `<script type="application/ld+json">` each. */
  jsonLd?: readonly object[];
}

export const OG_LOCALE = 'pt_BR';

/** Size of every link preview (scripts/preview-images.mjs draws them at build time). */
export const PREVIEW_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** "/" → "/og/inicio.png", "/global-kardec/passe" → "/og/global-kardec/passe.png". */
export function previewImagePath(path: string): string {
  const name = path.replace(/^\/+|\/+$/g, '');
  return `/og/${name === '' ? 'inicio' : name}.png`;
}

/** "Horários | Portal X"; the portal's name alone when there is no page name. */
export function pageTitle(title: string | null, portalName: string): string {
  return title ? `${title} | ${portalName}` : portalName;
}

/** Absolute URL of a root-relative path on the site. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

export function buildPageMeta(site: SiteInfo, page: PageSeo): MetaDescriptor[] {
  const title = pageTitle(page.title, site.portalName);
  const url = absoluteUrl(site.origin, page.path);
  const meta: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: site.portalName },
    { property: 'og:locale', content: OG_LOCALE },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
  ];
  meta.push(
    {
      property: 'og:image',
      content: absoluteUrl(site.origin, previewImagePath(page.path)),
      // Read and removed by the build (scripts/preview-images.mjs): the drawing to put in the preview.
      ...(page.image ? { 'data-illustration': page.image.src } : {}),
    },
    { property: 'og:image:type', content: PREVIEW_IMAGE.type },
    { property: 'og:image:width', content: String(PREVIEW_IMAGE.width) },
    { property: 'og:image:height', content: String(PREVIEW_IMAGE.height) },
    { property: 'og:image:alt', content: page.image?.alt ?? title },
    { name: 'twitter:card', content: 'summary_large_image' },
  );
  for (const item of page.jsonLd ?? []) meta.push({ 'script:ld+json': item });
  return meta;
}

/** Keeps a page out of search engines (the 404 page, the signed-in pages). */
export const noIndex: MetaDescriptor = { name: 'robots', content: 'noindex' };

/**
 * Head of a page that must not be indexed. It has no canonical link: the 404 page is served at
 * whatever address was asked, and its prerendered head must hydrate unchanged at any of them.
 */
export function buildNoIndexMeta(site: SiteInfo, title: string): MetaDescriptor[] {
  return [{ title: pageTitle(title, site.portalName) }, noIndex];
}
