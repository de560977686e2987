/**
 * The site's edited content (decision 054): the content service, its watch for saves on
 * other instances, and the publishing of the pages it shows. Each publication renders the pages
 * the document appears on with the web build's renderer and puts them in place of the served ones
 * (prepared as at start-up: CSP, compression, validators); the documents saved before this start
 * are published before the server listens. The notices' banners (decision 056) are put into each
 * page as served, checked at each publication, every `noticeCheckMs`, and at the moment a period
 * starts or ends when that comes before the next check (decision 072): a notice shows or goes on
 * time on every instance, and within `noticeCheckMs` of a clock changed under it. Each course page
 * is rendered with its classes' meetings (decision 075), looked at every `CONTENT_WATCH_MS`: a class
 * saved on any instance is on its page within seconds.
 */
import { allCourses, centre, type ClassMeetings, coursePath, signedInPaths } from '@centro/content';
import { nextNoticeChange, noticesOn } from '@centro/contracts';
import fp from 'fastify-plugin';
import { pagesOf, type SiteContent } from '../../content/documents.js';
import { PhotoLibrary } from '../../content/photos-library.js';
import { photoPlace } from '../../content/photos-places.js';
import { photoStore } from '../../content/photos-store.js';
import { ContentService } from '../../content/service.js';
import { contentStore } from '../../content/store.js';
import {
  assertOwnScripts,
  dataPath,
  NOT_FOUND_PATH,
  type PageSecurity,
  preparePublicPage,
  type SitePages,
  SPA_FALLBACK_PATH,
} from '../../site/load-pages.js';
import { type ClassHint, classHints, withClassHint } from '../../classes/class-hint.js';
import { createClassStore } from '../../classes/class-store.js';
import { builtClassesKey, classesKey, classesOnPages } from '../../classes/page-classes.js';
import { withNotices } from '../../site/notice-banner.js';
import { loadPageRenderer } from '../../site/page-renderer.js';
import { RenderBatches } from '../../site/render-batches.js';

/** The privacy notice, which names the data-protection address (decision 080). */
const PRIVACY_PATH = '/privacidade';

/** How often an instance looks for revisions saved on another one. */
export const CONTENT_WATCH_MS = 2000;
/** How long a publication waits for others to render with it (decision 083). */
export const RENDER_WINDOW_MS = 250;
/** How often each instance looks whether a notice's period has started or ended. */
export const NOTICE_CHECK_MS = 30_000;

export interface ContentPluginOptions {
  pages: SitePages;
  security: PageSecurity;
  webRoot: string;
  /** The clock the notices' periods are read with (tests: a controlled one). */
  now?: () => Date;
  noticeCheckMs?: number;
  renderWindowMs?: number;
}

export const contentService = fp<ContentPluginOptions>(
  async (app, options) => {
    const { pages, security, webRoot } = options;
    const now = options.now ?? (() => new Date());
    const { staff } = app;
    const photoFiles = photoStore(app.database);
    const service = new ContentService({
      store: contentStore(app.database),
      photos: photoFiles,
      record: (by, action, details) => staff.record(by, action, { details }),
      log: app.log,
    });
    // The notices and class hint each page was last prepared with (none in the build).
    const shown = new Map<string, string>();
    // Each course page's class hint (decision 070) and classes (decision 075), read at each check
    // of the notices and of the classes.
    let hints = new Map<string, ClassHint>();
    const classStore = createClassStore(app.database.db);
    let classes = new Map<string, ClassMeetings[]>();
    const readClasses = async () => {
      try {
        const rows = [...(await classStore.all()).values()];
        hints = classHints(
          rows.filter((r) => r.state === 'open' || r.state === 'planned'),
          now().toISOString(),
        );
        classes = classesOnPages(rows);
      } catch (error) {
        // The hints and classes stay as they were: the next check reads them again.
        app.log.error({ err: error }, 'classes not read');
      }
    };
    /** The content a page is rendered from: the documents in effect and the classes. */
    const withClasses = (content: SiteContent) => ({
      ...content,
      classes: Object.fromEntries(classes),
    });
    // The classes each course page was last rendered with (absent: the build's, the content's).
    const courseKeys = new Map(allCourses().map((c) => [coursePath(c), builtClassesKey(c)]));
    const renderedKeys = new Map(courseKeys);
    /**
     * Prepares the page again when its notices or hint changed, or when it has new HTML (with the
     * scripts its renderer emitted there: decision 003).
     */
    const publish = async (urlPath: string, rendered?: { html: Buffer; scripts: string[] }) => {
      const html = rendered?.html;
      const base = html ?? pages.html.get(urlPath);
      if (!base) return;
      const notices = noticesOn(service.content().notices, urlPath, now());
      const hint = hints.get(urlPath);
      const key = JSON.stringify([notices, hint ?? null]);
      if (!html && (shown.get(urlPath) ?? '[[],null]') === key) return;
      const page = withClassHint(withNotices(base.toString('utf8'), notices), hint);
      const scripts = rendered?.scripts ?? pages.scripts.get(urlPath);
      const prepared = await preparePublicPage(Buffer.from(page), security, undefined, scripts);
      pages.byPath.set(urlPath, prepared);
      if (rendered) {
        pages.html.set(urlPath, rendered.html);
        pages.scripts.set(urlPath, rendered.scripts);
      }
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
        await readClasses();
        for (const urlPath of pages.html.keys()) await publish(urlPath);
        checkAtNextChange();
      });
    const checkNotices = () => {
      publishNotices().catch((error: unknown) =>
        app.log.error({ err: error }, 'notices not published'),
      );
    };

    const built = await loadPageRenderer(webRoot);
    // Every page rendered names the data-protection address of the configuration, never one
    // edited in 'Conteúdo' (decision 080): /privacidade says where data requests go.
    const { dataProtectionEmail } = app.mail.settings;
    const renderer = built && {
      render: (...[urlPath, content, renderOptions]: Parameters<typeof built.render>) =>
        built.render(urlPath, { ...(content as object), dataProtectionEmail }, renderOptions),
    };
    if (!renderer) {
      app.log.info('the web build has no page renderer: edited content reaches /agenda.ics only');
    } else {
      service.previewWith((urlPath, content, options) =>
        renderer.render(urlPath, withClasses(content), options),
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
    const photos = new PhotoLibrary(photoFiles, service);
    const assets = { photoOf: async (id: string) => (await photos.file(id))?.files.jpeg };
    /**
     * The pages outside the public paths, whose footer shows the contact details too (decision
     * 068): the 'Página Não Encontrada' page and the signed-in pages' shell.
     */
    const renderShell = async (urlPath: string, content: SiteContent) => {
      if (!renderer) return;
      const shell = { validators: true, noindex: true };
      try {
        const rendered = await renderer.render(urlPath, content);
        const html = Buffer.from(rendered.html);
        if (urlPath === NOT_FOUND_PATH) {
          const options = { ...shell, validators: false };
          pages.notFound = await preparePublicPage(html, security, options, rendered.scripts);
        } else {
          const page = await preparePublicPage(html, security, shell, rendered.scripts);
          for (const signedIn of signedInPaths) pages.byPath.set(signedIn, page);
        }
      } catch (error) {
        app.log.error({ err: error, path: urlPath }, 'shell page not rendered');
      }
    };
    /** Renders a page from the content and the classes, and serves it. */
    const renderPage = async (urlPath: string, content: SiteContent, cause: string) => {
      if (!renderer) return;
      // Tried once per change of its classes: a failure is not rendered again every 2 s.
      if (courseKeys.has(urlPath))
        renderedKeys.set(urlPath, classesKey(classes.get(urlPath) ?? []));
      try {
        const page = await renderer.render(urlPath, withClasses(content), assets);
        // Nothing of a page holding a script its renderer did not emit is published.
        assertOwnScripts(page.html, page.scripts);
        // Its link preview first, when drawn with a photo: the page names it.
        for (const file of page.files ?? []) photos.keepPreview(urlPath, file);
        // The data first: a visitor who gets the new page then navigates gets its data.
        if (page.data !== undefined) pages.data.set(dataPath(urlPath), Buffer.from(page.data));
        await publish(urlPath, { html: Buffer.from(page.html), scripts: page.scripts });
      } catch (error) {
        // The page served so far stays; the revision (or class) is saved and shows in the staff area.
        app.log.error({ err: error, document: cause, path: urlPath }, 'page not rendered');
      }
    };
    const shells = new Set([NOT_FOUND_PATH, SPA_FALLBACK_PATH]);
    // Saves close together render their pages once, with the content in effect (decision 083).
    const batches = new RenderBatches({
      windowMs: options.renderWindowMs ?? RENDER_WINDOW_MS,
      render: (paths) =>
        queue(async () => {
          const content = service.content();
          for (const urlPath of paths) {
            if (shells.has(urlPath)) await renderShell(urlPath, content);
            else await renderPage(urlPath, content, 'content');
          }
        }),
    });
    service.onPublish(async (document, content) => {
      if (document === 'notices') return publishNotices();
      if (!renderer) return;
      const paths = pagesToRender(document, content);
      await batches.request(document === 'contact' ? [...shells, ...paths] : paths);
    });
    /**
     * Renders again each course page whose classes now say something else than its served page
     * (a class saved, opened, started or concluded, here or on another instance), and puts in
     * the course pages' hints.
     */
    const publishClasses = () =>
      queue(async () => {
        await readClasses();
        for (const urlPath of courseKeys.keys()) {
          if (renderer && classesKey(classes.get(urlPath) ?? []) !== renderedKeys.get(urlPath)) {
            await renderPage(urlPath, service.content(), 'classes');
          } else {
            await publish(urlPath);
          }
        }
      });
    const checkClasses = () => {
      if (closing) return;
      publishClasses().catch((error: unknown) =>
        app.log.error({ err: error }, 'classes not published'),
      );
    };
    // The classes first: the documents saved before this start render course pages with them.
    await readClasses();
    await service.refresh();
    // The build names the packaged centre's e-mail: another configured address is put in now.
    if (renderer && dataProtectionEmail !== centre.email) {
      await queue(async () => {
        const page = await renderer.render(PRIVACY_PATH, service.content(), assets);
        assertOwnScripts(page.html, page.scripts);
        if (page.data !== undefined) pages.data.set(dataPath(PRIVACY_PATH), Buffer.from(page.data));
        await publish(PRIVACY_PATH, { html: Buffer.from(page.html), scripts: page.scripts });
      }).catch((error: unknown) => app.log.error({ err: error }, 'privacy notice not rendered'));
    }
    // The course pages' class hints and classes from the start (before the server listens).
    await publishNotices();
    await publishClasses();
    service.watch(CONTENT_WATCH_MS);
    const noticeTimer = setInterval(checkNotices, checkMs);
    noticeTimer.unref();
    const classTimer = setInterval(checkClasses, CONTENT_WATCH_MS);
    classTimer.unref();
    app.addHook('onClose', async () => {
      closing = true;
      service.stop();
      clearInterval(noticeTimer);
      clearInterval(classTimer);
      clearTimeout(changeTimer);
    });
    app.decorate('content', service);
    app.decorate('photos', photos);
  },
  { name: 'content', dependencies: ['database', 'staff', 'enrolment', 'mail'] },
);
