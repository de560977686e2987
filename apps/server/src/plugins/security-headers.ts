/**
 * Security headers (helmet's, computed once at start-up: `useSecurityHeaders`), defined once here. Helmet's default Content-Security-Policy is the
 * strict one of non-HTML answers (JSON, files); prerendered pages replace it with their own,
 * computed from their inline scripts (site/csp.ts). HSTS only when the site is on https.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export function helmetOptions(https: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'unsafe-inline'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets with these options, computed once, without the CSP. The in-memory pages
 * send them precomputed with their own CSP (rather than have helmet rebuild them per request, which
 * costs about a third of a page answer's time).
 */
export function precomputedSecurityHeaders(
  options: FastifyHelmetOptions,
  { withCsp = false } = {},
): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // Same options object; the cast only bridges helmet's CJS typings (seen through @fastify/helmet)
  // and its ESM ones, which TypeScript treats as unrelated.
  const middleware = helmet(options as unknown as HelmetOptions);
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  if (!withCsp) headers.delete('content-security-policy');
  return Object.fromEntries(headers);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False: the route sends its own security headers (the prerendered pages). */
    securityHeaders?: boolean;
  }
}

/**
 * Sets helmet's headers (with `options`, CSP included) on every answer, computed once at start-up
 * rather than by @fastify/helmet on each request: it builds a new helmet middleware per request
 * (parsing the CSP directives again) behind two onRequest hooks, one of them async, which cost
 * about 3 % of an enrolment's CPU in the rush's profile. Same headers, same values;
 * a route with `config: { securityHeaders: false }` sets its own. Routes that replace the CSP
 * (Swagger UI, the pages) overwrite it later in the request, as they did helmet's.
 */
export function useSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): void {
  const headers = Object.entries(precomputedSecurityHeaders(options, { withCsp: true }));
  app.addHook('onRequest', (request, reply, done) => {
    // On Node's response, as helmet does: answers written on it directly (the built-in
    // provider's) carry them too.
    if (request.routeOptions.config?.securityHeaders !== false) {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    }
    done();
  });
}
