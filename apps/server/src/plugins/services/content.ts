/**
 * The site's edited content (decision 054): the content service, its watch for saves on
 * other instances, and the publishing of the pages it shows. Each publication renders the pages
 * the document appears on with the web build's renderer and puts them in place of the served ones
 * (prepared as at start-up: CSP, compression, validators); the documents saved before this start
 * are published before the server listens. The notices' banners (decision 056) are put into each
 * page as served, checked at each publication, every `noticeCheckMs`, and at the moment a period
 * starts or ends when that comes before the next check (decision 072): a notice shows or goes on
 * time on every instance, and within `noticeCheckMs` of a clock changed under it.
 */
import { signedInPaths } from '@centro/content';
import { nextNoticeChange, noticesOn } from '@centro/contracts';
import fp from 'fastify-plugin';
import { pagesOf, type SiteContent } from '../../content/documents.js';
import { PhotoLibrary } from '../../content/photos-library.js';
import { photoPlace } from '../../content/photos-places.js';
import { photoStore } from '../../content/photos-store.js';
import { ContentService } from '../../content/service.js';
import { contentStore } from '../../content/store.js';
import {
  dataPath,
  NOT_FOUND_PATH,
  type PageSecurity,
  preparePublicPage,
  type SitePages,
  SPA_FALLBACK_PATH,
} from '../../site/load-pages.js';
import { type ClassHint, classHints, withClassHint } from '../../courses/class-hint.js';
import { withNotices } from '../../site/notice-banner.js';
import { loadPageRenderer } from '../../site/page-renderer.js';

/** How often an instance looks for revisions saved on another one. */
export const CONTENT_WATCH_MS = 2000;
/** How often each instance looks whether a notice's period has started or ended. */
export const NOTICE_CHECK_MS = 30_000;

export interface ContentServiceOptions {
  pages: SitePages;
  security: PageSecurity;
  webRoot: string;
  /** The clock the notices' periods are read with (tests: a controlled one). */
  now?: () => Date;
  noticeCheckMs?: number;
}

export const contentService = fp<ContentServiceOptions>(
  async (app, options) => {
    const { pages, security, webRoot } = options;
    const now = options.now ?? (() => new Date());
    const { staff } = app;
    const service = new ContentService({
      store: contentStore(app.database),
      record: (by, action, details) => staff.record(by, action, details),
      log: app.log,
    });
    // The notices and class hint each page was last prepared with (none in the build).
    const shown = new Map<string, string>();
    // Each course page's class hint (decision 070), read at each check of the notices.
    let hints = new Map<string, ClassHint>();
    const readHints = async () => {
      try {
        hints = classHints(await app.enrolment.listedClasses(), now().toISOString());
      } catch (error) {
        // The hints stay as they were: they only reserve space.
        app.log.error({ err: error }, 'class hints not read');
      }
    };
    /** Prepares the page again when its notices or hint changed, or when it has new HTML. */
    const publish = async (urlPath: string, html?: Buffer) => {
      if (html) pages.html.set(urlPath, html);
      const base = pages.html.get(urlPath);
      if (!base) return;
      const notices = noticesOn(service.content().notices, urlPath, now());
      const hint = hints.get(urlPath);
      const key = JSON.stringify([notices, hint ?? null]);
      if (!html && (shown.get(urlPath) ?? '[[],null]') === key) return;
      const page = withClassHint(withNotices(base.toString('utf8'), notices), hint);
      pages.byPath.set(urlPath, await preparePublicPage(Buffer.from(page), security));
      shown.set(urlPath, key);
    };
    // One at a time: a check and a publication never prepare the same page at once.
    let publishing: Promise<void> = Promise.resolve();
    const queue = (work: () => Promise<void>) => {
      const next = publishing.then(work);
      publishing = next.catch(() => undefined);
      return next;
    };
    const checkMs = options.noticeCheckMs ?? NOTICE_CHECK_MS;
    // The next start or end of a period, when it comes before the next periodic check.
    let changeTimer: NodeJS.Timeout | undefined;
    let closing = false;
    const checkAtNextChange = () => {
      clearTimeout(changeTimer);
      if (closing) return;
      const next = nextNoticeChange(service.content().notices, now());
      const wait = next === undefined ? Infinity : next - now().getTime();
      if (wait > checkMs) return;
      // A few ms past the boundary: a timer may fire a millisecond early.
      changeTimer = setTimeout(checkNotices, wait + 5);
      changeTimer.unref();
    };
    const publishNotices = () =>
      queue(async () => {
        await readHints();
        for (const urlPath of pages.html.keys()) await publish(urlPath);
        checkAtNextChange();
      });
    const checkNotices = () => {
      publishNotices().catch((error: unknown) =>
        app.log.error({ err: error }, 'notices not published'),
      );
    };

    const renderer = await loadPageRenderer(webRoot);
    if (!renderer) {
      app.log.info('the web build has no page renderer: edited content reaches /agenda.ics only');
    } else {
      service.previewWith((urlPath, content, options) =>
        renderer.render(urlPath, content, options),
      );
    }
    // The photos each page was last rendered with: a new photo renders only the pages showing it.
    let renderedPhotos: SiteContent['photos'] = {};
    const pagesToRender = (document: string, content: SiteContent) => {
      if (document !== 'photos') return pagesOf(document);
      const changed = new Set(Object.keys({ ...renderedPhotos, ...content.photos }));
      for (const slot of changed) {
        if (JSON.stringify(renderedPhotos[slot]) === JSON.stringify(content.photos[slot])) {
          changed.delete(slot);
        }
      }
      renderedPhotos = content.photos;
      return [...new Set([...changed].flatMap((slot) => photoPlace(slot)?.pages ?? []))];
    };
    const photos = new PhotoLibrary(photoStore(app.database), service);
    const assets = { photoOf: async (id: string) => (await photos.file(id))?.files.jpeg };
    /**
     * The pages outside the public paths, whose footer shows the contact details too (decision
     * 068): the 'Página Não Encontrada' page and the signed-in pages' shell.
     */
    const renderShells = async (content: SiteContent) => {
      if (!renderer) return;
      const shell = { validators: true, noindex: true };
      try {
        const notFound = await renderer.render(NOT_FOUND_PATH, content);
        pages.notFound = await preparePublicPage(Buffer.from(notFound.html), security, {
          ...shell,
          validators: false,
        });
        const fallback = await renderer.render(SPA_FALLBACK_PATH, content);
        const page = await preparePublicPage(Buffer.from(fallback.html), security, shell);
        for (const urlPath of signedInPaths) pages.byPath.set(urlPath, page);
      } catch (error) {
        app.log.error({ err: error }, 'shell pages not rendered');
      }
    };
    service.onPublish(async (document, content) => {
      if (document === 'notices') return publishNotices();
      if (!renderer) return;
      if (document === 'contact') await queue(() => renderShells(content));
      await queue(async () => {
        for (const urlPath of pagesToRender(document, content)) {
          try {
            const page = await renderer.render(urlPath, content, assets);
            // Its link preview first, when drawn with a photo: the page names it.
            for (const file of page.files ?? []) photos.keepPreview(urlPath, file);
            // The data first: a visitor who gets the new page then navigates gets its data.
            if (page.data !== undefined) pages.data.set(dataPath(urlPath), Buffer.from(page.data));
            await publish(urlPath, Buffer.from(page.html));
          } catch (error) {
            // The page served so far stays; the revision is saved and shows in the staff area.
            app.log.error({ err: error, document, path: urlPath }, 'page not rendered');
          }
        }
      });
    });
    await service.refresh();
    // The course pages' class hints from the start (before the server listens).
    await publishNotices();
    service.watch(CONTENT_WATCH_MS);
    const noticeTimer = setInterval(checkNotices, checkMs);
    noticeTimer.unref();
    app.addHook('onClose', async () => {
      closing = true;
      service.stop();
      clearInterval(noticeTimer);
      clearTimeout(changeTimer);
    });
    app.decorate('content', service);
    app.decorate('photos', photos);
  },
  { name: 'content', dependencies: ['database', 'staff', 'enrolment'] },
);
