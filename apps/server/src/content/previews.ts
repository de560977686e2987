/**
 * Previews of the edited content (decision 064): a page rendered with a draft or an earlier
 * revision in place of the document in effect, published nowhere.
 */
import { bannersOn, type ContentDocument } from '@centro/contracts';
import { saoPauloInstant } from '@centro/contracts/content-rules';
import { withBanners } from '../site/banners.js';
import { Refusal } from '../refusals/refusal.js';
import { pagesShowing, type SiteContent } from './documents.js';
import { photoPlace } from './photos-places.js';

/** The web build's page renderer, for previews (site/page-renderer.ts). */
export type PreviewRenderer = (
  urlPath: string,
  content: SiteContent,
  options: { preview: true },
) => Promise<{ html: string }>;

/** The page a fixed document's preview shows (undefined: none). */
function previewPathOf(document: ContentDocument, body: unknown, slot?: string) {
  if (document === 'photos') return slot === undefined ? undefined : photoPlace(slot)?.pages[0];
  if (document === 'notices') {
    const [first] = body as SiteContent['notices'];
    return first?.place === 'course' && first.course ? first.course : '/';
  }
  if (document === 'contact') return '/contato';
  return pagesShowing[document][0];
}

/**
 * The page a fixed document shows in `content` (which holds `body` in its place). The photos show
 * the page of place `slot`; the notices the page their first notice is for, with their banner
 * whatever their period.
 * @throws Refusal 'previewUnavailable' without a renderer or a page.
 */
export async function documentPreview(
  renderer: PreviewRenderer | undefined,
  content: SiteContent,
  document: ContentDocument,
  body: unknown,
  slot?: string,
): Promise<string> {
  const urlPath = previewPathOf(document, body, slot);
  if (!renderer || urlPath === undefined) throw new Refusal('previewUnavailable');
  const { html } = await renderer(urlPath, content, { preview: true });
  if (document !== 'notices') return html;
  // Each notice as on its first day: the preview shows every notice this page would carry.
  const shown = (body as SiteContent['notices']).filter(
    (notice) => bannersOn([notice], urlPath, new Date(saoPauloInstant(notice.from))).length > 0,
  );
  return withBanners(html, shown);
}
