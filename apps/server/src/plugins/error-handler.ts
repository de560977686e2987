/**
 * The one edge where errors become HTTP answers: JSON `{error, message}`, the code one of
 * `ErrorCode` (packages/contracts) and the message a pt-BR sentence.
 *
 * - Refusals (`Refusal`, refusals/refusal.ts) are answered from their line of the catalogue
 *   (refusals/catalogue.ts): the domains throw them by name, never a code or a message.
 * - In the API's context (`apiErrorHandler`), the body parser's errors, the zod validation issues
 *   (plugins/validation-answer.ts) and a database that is down are answered too.
 * - Anything else gets a generic answer for its status, so no internal detail (stack, SQL,
 *   upstream message) ever reaches the client. 5xx are logged with their cause.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { Refusal } from '../refusals/refusal.js';
import { answerOfRefusal, genericAnswer, refusalAnswer, type Answer } from './refusal-answer.js';
import { validationAnswer, type ValidationIssue } from './validation-answer.js';

/** The status and body answered for an error (outside the API's own mappings). */
export function errorResponse(error: unknown): Answer {
  return answerOfRefusal(error) ?? genericAnswer(error);
}

/** The answer in the API's context: parser, validation and database failures mapped too. */
export function apiErrorResponse(error: unknown, body: unknown): Answer {
  switch ((error as Partial<FastifyError> | null)?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return refusalAnswer('invalidJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refusalAnswer('payloadTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refusalAnswer('unsupportedMediaType');
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationAnswer(
      error.validation as unknown as ValidationIssue[],
      body,
      (error as Partial<FastifyError>).validationContext === 'body',
    );
  }
  const refusal = answerOfRefusal(error);
  if (refusal) return refusal;
  if (isDatabaseUnavailable(error)) return refusalAnswer('databaseUnavailable');
  return genericAnswer(error);
}

/** The seconds a refusal says to wait (its `retryAfterSeconds`), for the Retry-After header. */
function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof Refusal)) return undefined;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

function send(answer: Answer, error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = answer;
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  if (statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ statusCode, error: body.error }, 'request refused');
  }
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

/** Fastify error handler of the whole app (and of the errors Fastify meets before routing). */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  return send(errorResponse(error), error, request, reply);
}

/** Fastify error handler of the JSON API's context. */
export function apiErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  return send(apiErrorResponse(error, request.body), error, request, reply);
}
