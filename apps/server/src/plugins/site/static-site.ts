/**
 * The prerendered website, served from memory: each routed path answers its page (the signed-in
 * paths share the client-rendered shell), `/x/` redirects to `/x`. Unknown paths are left to the
 * not-found handler. Pages carry all their headers precomputed (security headers included, with
 * their own CSP), so helmet's per-request work is skipped on their routes.
 *
 * The fast lane: a GET or HEAD of exactly a page's path (query string aside) is answered before
 * Fastify's routing, on Node's request and response (page-reply.ts's writePage, the same answer
 * as the route's), when Fastify would not log the request anyway (LOG_LEVEL above info) and the
 * server is not closing. Fastify's routing, request and reply, request id, child logger and
 * onRequest hooks were about a third of the server's CPU time per page answer (docs/benchmarks.md,
 * bench:static). Every other request, and every request while requests are logged, goes through
 * Fastify as before; so do `inject`ed ones (page-fast-lane.test.ts checks that both give the same
 * answer). So with LOG_LEVEL above info, hooks added to every route (rate limit, metrics) do not
 * see page requests.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { SitePages } from '../../site/load-pages.js';
import type { PreparedPage } from '../../site/page.js';
import { sendPage, writePage } from './page-reply.js';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Levels at which Fastify logs every request (incoming, completed). */
const REQUEST_LOG_LEVELS: ReadonlySet<string> = new Set(['trace', 'debug', 'info']);

/**
 * Puts the fast lane in front of Fastify's request listener on the app's server. Does nothing
 * when that listener is not the only one (another listener would not expect pages to skip it).
 */
function installFastLane(app: FastifyInstance, byPath: ReadonlyMap<string, PreparedPage>): void {
  const server: Server = app.server;
  const listeners = server.listeners('request');
  const [fastify] = listeners;
  if (listeners.length !== 1 || fastify === undefined) return;
  const handleWithFastify = fastify as RequestListener;
  let closing = false;
  app.addHook('preClose', (done) => {
    // From now on Fastify answers everything (it closes connections while closing).
    closing = true;
    done();
  });
  const lane: RequestListener = (req, res) => {
    if (!closing && (req.method === 'GET' || req.method === 'HEAD')) {
      const url = req.url ?? '';
      const query = url.indexOf('?');
      const page = byPath.get(query === -1 ? url : url.slice(0, query));
      if (page !== undefined && !REQUEST_LOG_LEVELS.has(app.log.level)) {
        writePage(req, res, page);
        return;
      }
    }
    handleWithFastify(req, res);
  };
  server.removeListener('request', handleWithFastify);
  server.on('request', lane);
}

export interface StaticSiteOptions {
  pages: SitePages;
}

export const staticSite: FastifyPluginAsync<StaticSiteOptions> = async (app, { pages }) => {
  for (const [urlPath, built] of pages.byPath) {
    app.route({
      method: ['GET', 'HEAD'],
      url: urlPath,
      config: { securityHeaders: false },
      // Read at each request: published content replaces a page in the map (decision 054).
      handler: (request, reply) => sendPage(request, reply, pages.byPath.get(urlPath) ?? built),
    });
    if (urlPath !== '/') {
      app.get(`${urlPath}/`, (request, reply) => {
        const query = request.url.indexOf('?');
        const target = query === -1 ? urlPath : urlPath + request.url.slice(query);
        return reply.redirect(target, 301);
      });
    }
  }
  // The navigation data of the pages edited content renders again, read at each request.
  for (const [url, built] of pages.data) {
    // With the security headers (nosniff among them), like the files it stands for.
    app.get(url, (_request, reply) =>
      reply
        .header('content-type', DATA_TYPE)
        .header('cache-control', 'no-cache')
        .send(pages.data.get(url) ?? built),
    );
  }
  installFastLane(app, pages.byPath);
};

/** React Router's type for its data answers (turbo-stream). */
const DATA_TYPE = 'text/x-script';
