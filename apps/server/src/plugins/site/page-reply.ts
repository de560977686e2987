/**
 * Answers with a prepared page: picks the coding, honours If-None-Match, sends no body to HEAD.
 * The hot path: no I/O, no hashing, no compression. `sendPage` answers through Fastify's reply;
 * `writePage`, the same answer on Node's response, is the fast lane of static-site.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '../../site/encoding.js';
import { matchesEntityTag, type PreparedPage } from '../../site/page.js';

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

/**
 * sendPage's answer (status 200) written straight on Node's response: same headers (security
 * headers and CSP included), same body, same 304 and HEAD handling, without Fastify's request,
 * reply and hooks.
 */
export function writePage(req: IncomingMessage, res: ServerResponse, page: PreparedPage): void {
  const representation = page.representations[negotiateEncoding(req.headers['accept-encoding'])];
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEntityTag(ifNoneMatch, page.etags)) {
    res.writeHead(304, representation.notModifiedHeaders).end();
    return;
  }
  res.writeHead(200, representation.headers);
  if (req.method === 'HEAD') res.end();
  else res.end(representation.body);
}
