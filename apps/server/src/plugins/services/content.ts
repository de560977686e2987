/**
 * The site's edited content (issue 32, decision 054): the content service, its watch for saves on
 * other instances, and the publishing of the pages it shows. Each publication renders the pages
 * the document appears on with the web build's renderer and puts them in place of the served ones
 * (prepared as at start-up: CSP, compression, validators); the documents saved before this start
 * are published before the server listens.
 */
import fp from 'fastify-plugin';
import { pagesShowing } from '../../content/documents.js';
import { ContentService } from '../../content/service.js';
import { contentStore } from '../../content/store.js';
import {
  dataPath,
  type PageSecurity,
  preparePublicPage,
  type SitePages,
} from '../../site/load-pages.js';
import { loadPageRenderer } from '../../site/page-renderer.js';

/** How often an instance looks for revisions saved on another one. */
export const CONTENT_WATCH_MS = 2000;

export interface ContentServiceOptions {
  pages: SitePages;
  security: PageSecurity;
  webRoot: string;
}

export const contentService = fp<ContentServiceOptions>(
  async (app, { pages, security, webRoot }) => {
    const { staff } = app;
    const service = new ContentService({
      store: contentStore(app.database),
      record: (by, action, details) => staff.record(by, action, details),
      log: app.log,
    });
    const renderer = await loadPageRenderer(webRoot);
    if (!renderer) {
      app.log.info('the web build has no page renderer: edited content reaches /agenda.ics only');
    } else {
      service.onPublish(async (document, content) => {
        for (const urlPath of pagesShowing[document]) {
          try {
            const page = await renderer.render(urlPath, content);
            const prepared = await preparePublicPage(Buffer.from(page.html), security);
            // The data first: a visitor who gets the new page then navigates gets its data.
            if (page.data !== undefined) pages.data.set(dataPath(urlPath), Buffer.from(page.data));
            pages.byPath.set(urlPath, prepared);
          } catch (error) {
            // The page served so far stays; the revision is saved and shows in the staff area.
            app.log.error({ err: error, document, path: urlPath }, 'page not rendered');
          }
        }
      });
    }
    await service.refresh();
    service.watch(CONTENT_WATCH_MS);
    app.addHook('onClose', async () => service.stop());
    app.decorate('content', service);
  },
  { name: 'content', dependencies: ['database', 'staff'] },
);
