/**
 * The site's edited content (decision 054): the content service, the photos, and the site's
 * publisher (site/publisher.ts), which puts what is saved, here or on another instance, on the
 * pages served. The wiring of every service (decision 100).
 */
import fp from 'fastify-plugin';
import { createClassStore } from '../../classes/class-store.js';
import { createRecessStore } from '../../classes/recess-store.js';
import { PhotoLibrary } from '../../content/photos-library.js';
import { photoStore } from '../../content/photos-store.js';
import { ContentService } from '../../content/service.js';
import { contentStore } from '../../content/store.js';
import type { PageSecurity, SitePages } from '../../site/load-pages.js';
import { loadPageRenderer } from '../../site/page-renderer.js';
import { createPublisher, systemClock } from '../../site/publisher.js';

export interface ContentPluginOptions {
  pages: SitePages;
  security: PageSecurity;
  webRoot: string;
  /** The clock the banners' periods are read with (tests: a controlled one). */
  now?: () => Date;
  bannerCheckMs?: number;
  renderWindowMs?: number;
}

export const contentService = fp<ContentPluginOptions>(
  async (app, options) => {
    const { staff } = app;
    const photoFiles = photoStore(app.database);
    const service = new ContentService({
      store: contentStore(app.database),
      photos: photoFiles,
      record: (by, action, details) => staff.record(by, action, { details }),
      log: app.log,
    });
    const photos = new PhotoLibrary(photoFiles, service);
    const classStore = createClassStore(app.database.db);
    const recessStore = createRecessStore(app.database.db);
    const publisher = createPublisher({
      pages: options.pages,
      security: options.security,
      renderer: await loadPageRenderer(options.webRoot),
      content: service,
      photos,
      readClasses: async () => [...(await classStore.all()).values()],
      readRecesses: () => recessStore.all(),
      dataProtectionEmail: app.mail.settings.dataProtectionEmail,
      log: app.log,
      clock: options.now ? { ...systemClock, now: options.now } : systemClock,
      ...(options.bannerCheckMs === undefined ? {} : { bannerCheckMs: options.bannerCheckMs }),
      ...(options.renderWindowMs === undefined ? {} : { renderWindowMs: options.renderWindowMs }),
    });
    await publisher.start();
    app.addHook('onClose', async () => publisher.stop());
    app.decorate('content', service);
    app.decorate('photos', photos);
  },
  { name: 'content', dependencies: ['database', 'staff', 'enrolment', 'mail'] },
);
