/**
 * Unknown paths: the 'Página Não Encontrada' page (HTTP 404) for the website, JSON for the API.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PreparedPage } from '../../site/page.js';
import { errorResponse } from '../error-handler.js';
import { sendPage } from './page-reply.js';

/** Path prefixes whose answers are JSON, never HTML. */
const JSON_PREFIXES = ['/api'];

export function isJsonPath(url: string): boolean {
  return JSON_PREFIXES.some(
    (prefix) =>
      url.startsWith(prefix) &&
      (url.length === prefix.length || url[prefix.length] === '/' || url[prefix.length] === '?'),
  );
}

/** `notFoundPage`: read at each request (edited contact details render it again). */
export function notFoundHandler(notFoundPage: () => PreparedPage) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (isJsonPath(request.url)) {
      const { statusCode, body } = errorResponse({ statusCode: 404 });
      return reply
        .code(statusCode)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(body);
    }
    return sendPage(request, reply, notFoundPage(), 404);
  };
}
