/**
 * The public check of a certificate's code (decision 094), each limited per client address
 * (RATE_LIMIT_CERTIFICATES_PER_MINUTE), never cached (a completion withdrawn makes it invalid at
 * once) and never indexed:
 *
 * - GET /api/certificates/:code  JSON: valid (name, course, date) or not; 404 for a code no
 *                                certificate has
 * - GET /certificados/:code      the same as a page of the site, answered by the server (works
 *                                without JavaScript), 404 for an unknown code
 *
 * The code is personal data's key: it is not logged (the request's URL is logged without it).
 */
import rateLimit from '@fastify/rate-limit';
import { certificateCheckSchema, certificateCodeParamsSchema } from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import {
  checkText,
  type CheckText,
  unknownCodeText,
} from '../../certificates/certificate-content.js';
import { errorResponse } from '../../plugins/error-handler.js';
import { certificateRateLimit } from '../../plugins/rate-limit.js';
import { refusalResponses } from '../../plugins/refusal-responses.js';
import { Refusal } from '../../refusals/refusal.js';
import {
  certificatePageCsp,
  certificatePageHtml,
  type CheckTone,
} from '../../certificates/certificate-page.js';

export interface CertificateRoutesOptions {
  /** Checks per minute and client address (0: no limit). */
  perMinute: number;
  redis: Redis | undefined;
}

async function limited(
  app: Parameters<FastifyPluginAsyncZod>[0],
  options: CertificateRoutesOptions,
) {
  if (options.perMinute > 0) {
    await app.register(rateLimit, certificateRateLimit(options.perMinute, options.redis));
  }
}

export const certificateCheckRoutes: FastifyPluginAsyncZod<CertificateRoutesOptions> = async (
  app,
  options,
) => {
  await limited(app, options);
  app.get(
    apiPaths.certificateCheck,
    {
      schema: {
        params: certificateCodeParamsSchema,
        response: {
          ...refusalResponses('certificateNotFound', 'directoryUnavailable', 'tooManyRequests'),
          200: certificateCheckSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return app.certificates.check(request.params.code);
    },
  );
};

export interface CertificatePageOptions extends CertificateRoutesOptions {
  /** The site's 404 page as served now (its frame: header, footer, stylesheet). */
  frame: () => Buffer;
  https: boolean;
  /** The security headers every page sends, besides its CSP. */
  headers: Readonly<Record<string, string>>;
}

/** What the page says when the check could not be made (too many, the directory down). */
const UNAVAILABLE: CheckText = {
  title: 'Não foi possível verificar agora',
  paragraphs: [],
  facts: [],
};

export const certificatePageRoutes: FastifyPluginAsyncZod<CertificatePageOptions> = async (
  app,
  options,
) => {
  const send = (reply: FastifyReply, status: number, text: CheckText, tone: CheckTone) => {
    const html = certificatePageHtml(options.frame().toString('utf8'), text, tone);
    return reply
      .code(status)
      .headers(options.headers)
      .header('content-security-policy', certificatePageCsp(html, options.https))
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // A refusal (over the limit, the directory down) is a page too, in the refusal's own words.
  app.setErrorHandler((error, request: FastifyRequest, reply) => {
    const { statusCode, body } = errorResponse(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'certificate check failed');
    if (error instanceof Refusal && statusCode === 429) reply.header('retry-after', '60');
    return send(reply, statusCode, { ...UNAVAILABLE, paragraphs: [body.message] }, 'unknown');
  });
  await limited(app, options);

  app.get(
    '/certificados/:code',
    { config: { securityHeaders: false }, schema: { params: certificateCodeParamsSchema } },
    async (request, reply) => {
      try {
        const check = await app.certificates.check(request.params.code);
        return await send(reply, 200, checkText(check), check.valid ? 'valid' : 'invalid');
      } catch (error) {
        if (!(error instanceof Refusal) || error.reason !== 'certificateNotFound') throw error;
        return send(reply, 404, unknownCodeText(request.params.code), 'unknown');
      }
    },
  );
};
