/**
 * The answer of a file the browser saves (the staff area's exports, the person's certificate): its
 * type, and the name it is saved under.
 */
import type { FastifyReply } from 'fastify';

export function sendAttachment(
  reply: FastifyReply,
  contentType: string,
  fileName: string,
  body: Buffer,
): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}
