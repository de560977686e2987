/**
 * Answers with a prepared page: picks the coding, honours If-None-Match, sends no body to HEAD.
 * The hot path: no I/O, no hashing, no compression.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '../site/encoding.js';
import { matchesEntityTag, type PreparedPage } from '../site/page.js';

export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PreparedPage,
  statusCode = 200,
): FastifyReply {
  const representation =
    page.representations[negotiateEncoding(request.headers['accept-encoding'])];
  const ifNoneMatch = request.headers['if-none-match'];
  if (
    statusCode === 200 &&
    ifNoneMatch !== undefined &&
    matchesEntityTag(ifNoneMatch, page.etags)
  ) {
    return reply.code(304).headers(representation.notModifiedHeaders).send();
  }
  reply.code(statusCode).headers(representation.headers);
  return request.method === 'HEAD' ? reply.send() : reply.send(representation.body);
}
