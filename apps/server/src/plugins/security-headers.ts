/**
 * Security headers (helmet), defined once here. Helmet's default Content-Security-Policy is the
 * strict one of non-HTML answers (JSON, files); prerendered pages replace it with their own,
 * computed from their inline scripts (site/csp.ts). HSTS only when the site is on https.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
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
export function precomputedSecurityHeaders(options: FastifyHelmetOptions): Record<string, string> {
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
  headers.delete('content-security-policy');
  return Object.fromEntries(headers);
}
