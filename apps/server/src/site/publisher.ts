/**
 * The site's publisher (decision 054): it puts the edited content on the pages served. Each
 * publication renders the pages the document appears on with the web build's renderer and puts
 * them in place of the served ones (prepared as at start-up: CSP, compression, validators); the
 * documents saved before this start are published before the server listens. The banners
 * (decision 056) are put into each page as served, checked at each publication, every
 * `bannerCheckMs`, and at the moment a period starts or ends when that comes before the next check
 * (decision 072): a banner shows or goes on time on every instance, and within `bannerCheckMs` of a
 * clock changed under it. Each page that says when courses meet (the course pages, the programme
 * pages, /horarios) is rendered with the classes' meetings (decision 075), looked at every
 * `CONTENT_WATCH_MS`: a class saved on any instance is on those pages within seconds.
 * Publications run one at a time (a check and a render never prepare the same page at once), and
 * saves close together render their pages once (decision 083).
 */
import { centre, type ClassMeetings, signedInPaths, wallClockAt } from '@centro/content';
import { nextBannerChange, bannersOn } from '@centro/contracts';
import { type ClassHint, classHints, withClassHint } from '../classes/class-hint.js';
import type { ClassRow } from '../classes/class-store.js';
import type { StoredRecess } from '../classes/recess-store.js';
import { builtClasses, classesOnPages, classPageKeys } from '../classes/page-classes.js';
import { pagesOf, type SiteContent } from '../content/documents.js';
import type { PhotoLibrary } from '../content/photos-library.js';
import { photoPlace } from '../content/photos-places.js';
import type { ContentService } from '../content/service.js';
import type { Log } from '../logging.js';
import {
  assertOwnScripts,
  dataPath,
  NOT_FOUND_PATH,
  type PageSecurity,
  preparePublicPage,
  type SitePages,
  SPA_FALLBACK_PATH,
} from './load-pages.js';
import { withBanners } from './banners.js';
import type { PageRenderer } from './page-renderer.js';
import { RenderBatches } from './render-batches.js';

/** The privacy notice, which names the data-protection address (decision 080). */
const PRIVACY_PATH = '/privacidade';
/** The schedule page, which shows the centre's recesses (decision 092). */
const SCHEDULE_PATH = '/horarios';

/** How often an instance looks for revisions, and classes, saved on another one. */
export const CONTENT_WATCH_MS = 2000;
/** How long a publication waits for others to render with it (decision 083). */
export const RENDER_WINDOW_MS = 250;
/** How often each instance looks whether a banner's period has started or ended. */
export const BANNER_CHECK_MS = 30_000;

/** The publisher's time: its instant and its timers (tests: a controlled one). */
export interface PublisherClock {
  now(): Date;
  /** Calls `fire` once after `ms`; the handle cancels it. */
  after(fire: () => void, ms: number): { cancel(): void };
  /** Calls `fire` every `ms`; the handle stops it. */
  every(fire: () => void, ms: number): { cancel(): void };
}

/** The machine's clock; its timers never keep the process alive. */
export const systemClock: PublisherClock = {
  now: () => new Date(),
  after(fire, ms) {
    const timer = setTimeout(fire, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
  every(fire, ms) {
    const timer = setInterval(fire, ms);
    timer.unref();
    return { cancel: () => clearInterval(timer) };
  },
};

export interface PublisherOptions {
  pages: SitePages;
  security: PageSecurity;
  /** The web build's renderer (none: edited content reaches /agenda.ics only). */
  renderer: PageRenderer | undefined;
  /** The content service whose publications are put on the pages. */
  content: Pick<
    ContentService,
    'content' | 'onPublish' | 'previewWith' | 'refresh' | 'watch' | 'stop'
  >;
  photos: Pick<PhotoLibrary, 'file' | 'keepPreview'>;
  /** Every class (the course pages' hints and meetings). */
  readClasses: () => Promise<readonly ClassRow[]>;
  /** The centre's recesses (for /horarios: decision 092). */
  readRecesses: () => Promise<readonly StoredRecess[]>;
  /** The data-protection address of the configuration, named by every page (decision 080). */
  dataProtectionEmail: string;
  log: Pick<Log, 'info' | 'error'>;
  clock?: PublisherClock;
  bannerCheckMs?: number;
  renderWindowMs?: number;
}

export interface Publisher {
  /** Publishes what was saved before this start, then watches for saves and periods. */
  start(): Promise<void>;
  stop(): void;
}

export function createPublisher(options: PublisherOptions): Publisher {
  const { pages, security, content: service, photos, log, dataProtectionEmail } = options;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  // The banners and class hint each page was last prepared with (none in the build).
  const shown = new Map<string, string>();
  // Each course page's class hint (decision 070) and classes (decision 075), read at each check
  // of the banners and of the classes.
  let hints = new Map<string, ClassHint>();
  let classes = new Map<string, ClassMeetings[]>();
  // The centre's recesses not over yet, for /horarios (decision 092), read with the classes.
  let recesses: readonly StoredRecess[] = [];
  const readClasses = async () => {
    try {
      const { year, month, day } = wallClockAt(now());
      recesses = (await options.readRecesses()).filter(
        (r) => r.endsOn >= `${year}-${month}-${day}`,
      );
      const rows = await options.readClasses();
      hints = classHints(
        rows.filter((r) => r.state === 'open' || r.state === 'planned'),
        now().toISOString(),
      );
      classes = classesOnPages(rows);
      classKeys = classPageKeys(classes);
    } catch (error) {
      // The hints and classes stay as they were: the next check reads them again.
      log.error({ err: error }, 'classes not read');
    }
  };
  /** The content a page is rendered from: the documents in effect and the classes. */
  const withClasses = (content: SiteContent) => ({
    ...content,
    classes: Object.fromEntries(classes),
    recesses: recesses.map(({ name, startsOn, endsOn }) => ({ name, startsOn, endsOn })),
  });
  /** What /horarios says of the recesses, as last rendered (the build: none). */
  const recessesKey = () => JSON.stringify(withClasses({} as SiteContent).recesses);
  let renderedRecesses = JSON.stringify([]);
  // What the classes made each page that shows them say when it was last rendered (first: the
  // build's, the content's meetings), and what they make it say now.
  const renderedKeys = classPageKeys(builtClasses());
  let classKeys = new Map(renderedKeys);
  /**
   * Prepares the page again when its banners or hint changed, or when it has new HTML (with the
   * scripts its renderer emitted there: decision 003).
   */
  const publish = async (urlPath: string, rendered?: { html: Buffer; scripts: string[] }) => {
    const html = rendered?.html;
    const base = html ?? pages.html.get(urlPath);
    if (!base) return;
    const banners = bannersOn(service.content().notices, urlPath, now());
    const hint = hints.get(urlPath);
    const key = JSON.stringify([banners, hint ?? null]);
    if (!html && (shown.get(urlPath) ?? '[[],null]') === key) return;
    const page = withClassHint(withBanners(base.toString('utf8'), banners), hint);
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
  const checkMs = options.bannerCheckMs ?? BANNER_CHECK_MS;
  // The next start or end of a period, when it comes before the next periodic check.
  let changeTimer: { cancel(): void } | undefined;
  let closing = false;
  const checkAtNextChange = () => {
    changeTimer?.cancel();
    if (closing) return;
    const next = nextBannerChange(service.content().notices, now());
    const wait = next === undefined ? Infinity : next - now().getTime();
    if (wait > checkMs) return;
    // A few ms past the boundary: a timer may fire a millisecond early.
    changeTimer = clock.after(checkBanners, wait + 5);
  };
  const publishBanners = () =>
    queue(async () => {
      await readClasses();
      for (const urlPath of pages.html.keys()) await publish(urlPath);
      checkAtNextChange();
    });
  const checkBanners = () => {
    publishBanners().catch((error: unknown) => log.error({ err: error }, 'notices not published'));
  };

  // Every page rendered names the data-protection address of the configuration, never one
  // edited in 'Conteúdo' (decision 080): /privacidade says where data requests go.
  const built = options.renderer;
  const renderer = built && {
    render: (...[urlPath, content, renderOptions]: Parameters<typeof built.render>) =>
      built.render(urlPath, { ...(content as object), dataProtectionEmail }, renderOptions),
  };
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
        const prepareOptions = { ...shell, validators: false };
        pages.notFound = await preparePublicPage(html, security, prepareOptions, rendered.scripts);
      } else {
        const page = await preparePublicPage(html, security, shell, rendered.scripts);
        for (const signedIn of signedInPaths) pages.byPath.set(signedIn, page);
      }
    } catch (error) {
      log.error({ err: error, path: urlPath }, 'shell page not rendered');
    }
  };
  /** Renders a page from the content and the classes, and serves it. */
  const renderPage = async (urlPath: string, content: SiteContent, cause: string) => {
    if (!renderer) return;
    // Tried once per change of its classes: a failure is not rendered again every 2 s.
    const key = classKeys.get(urlPath);
    if (key !== undefined) renderedKeys.set(urlPath, key);
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
      log.error({ err: error, document: cause, path: urlPath }, 'page not rendered');
    }
  };
  const shells = new Set([NOT_FOUND_PATH, SPA_FALLBACK_PATH]);
  // Saves close together render their pages once, with the content in effect (decision 083).
  const batches = new RenderBatches({
    windowMs: options.renderWindowMs ?? RENDER_WINDOW_MS,
    startTimer: (fire, ms) => void clock.after(fire, ms),
    render: (paths) =>
      queue(async () => {
        const content = service.content();
        for (const urlPath of paths) {
          if (shells.has(urlPath)) await renderShell(urlPath, content);
          else await renderPage(urlPath, content, 'content');
        }
      }),
  });
  /**
   * Renders again each page whose classes now say something else than its served page (a class
   * saved, opened, started or concluded, here or on another instance), and puts in the course
   * pages' hints.
   */
  const publishClasses = () =>
    queue(async () => {
      await readClasses();
      if (renderer && recessesKey() !== renderedRecesses) {
        // Tried once per change, like the pages after their classes.
        renderedRecesses = recessesKey();
        await renderPage(SCHEDULE_PATH, service.content(), 'recesses');
      }
      for (const [urlPath, key] of classKeys) {
        if (renderer && key !== renderedKeys.get(urlPath)) {
          await renderPage(urlPath, service.content(), 'classes');
        } else {
          await publish(urlPath);
        }
      }
    });
  const checkClasses = () => {
    if (closing) return;
    publishClasses().catch((error: unknown) => log.error({ err: error }, 'classes not published'));
  };
  const timers: { cancel(): void }[] = [];

  return {
    async start() {
      if (!renderer) {
        log.info('the web build has no page renderer: edited content reaches /agenda.ics only');
      } else {
        service.previewWith((urlPath, content, previewOptions) =>
          renderer.render(urlPath, withClasses(content), previewOptions),
        );
      }
      service.onPublish(async (document, content) => {
        if (document === 'notices') return publishBanners();
        if (!renderer) return;
        const paths = pagesToRender(document, content);
        await batches.request(document === 'contact' ? [...shells, ...paths] : paths);
      });
      // The classes first: the documents saved before this start render course pages with them.
      await readClasses();
      await service.refresh();
      // The build names the packaged centre's e-mail: another configured address is put in now.
      if (renderer && dataProtectionEmail !== centre.email) {
        await queue(async () => {
          const page = await renderer.render(PRIVACY_PATH, service.content(), assets);
          assertOwnScripts(page.html, page.scripts);
          if (page.data !== undefined) {
            pages.data.set(dataPath(PRIVACY_PATH), Buffer.from(page.data));
          }
          await publish(PRIVACY_PATH, { html: Buffer.from(page.html), scripts: page.scripts });
        }).catch((error: unknown) => log.error({ err: error }, 'privacy notice not rendered'));
      }
      // The course pages' class hints and classes from the start (before the server listens).
      await publishBanners();
      await publishClasses();
      service.watch(CONTENT_WATCH_MS);
      timers.push(clock.every(checkBanners, checkMs), clock.every(checkClasses, CONTENT_WATCH_MS));
    },
    stop() {
      closing = true;
      service.stop();
      for (const timer of timers) timer.cancel();
      changeTimer?.cancel();
    },
  };
}
