/**
 * The prerendered website, served from memory: each routed path answers its page (the signed-in
 * paths share the client-rendered shell), `/x/` redirects to `/x`. Unknown paths are left to the
 * not-found handler. Pages carry all their headers precomputed (security headers included, with
 * their own CSP), so helmet's per-request work is skipped on their routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SitePages } from '../site/load-pages.js';
import { sendPage } from './page-reply.js';

export interface StaticSiteOptions {
  pages: SitePages;
}

export const staticSite: FastifyPluginAsync<StaticSiteOptions> = async (app, { pages }) => {
  for (const [urlPath, page] of pages.byPath) {
    app.route({
      method: ['GET', 'HEAD'],
      url: urlPath,
      helmet: false,
      handler: (request, reply) => sendPage(request, reply, page),
    });
    if (urlPath !== '/') {
      app.get(`${urlPath}/`, (request, reply) => {
        const query = request.url.indexOf('?');
        const target = query === -1 ? urlPath : urlPath + request.url.slice(query);
        return reply.redirect(target, 301);
      });
    }
  }
};
