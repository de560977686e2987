/**
 * What the JSON API's route modules (user, group, courses) share: bodies declared and checked with
 * the zod schemas of `@centro/contracts` (a small validator compiler, as a type provider would do),
 * JSON only, a body size limit, and every refusal as `{error, message}` with a pt-BR sentence that
 * names the field. Each route module calls `useApiConventions` on its own encapsulated context.
 */
import { authErrors } from '../routes/api/auth/index.js';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DirectoryError, DirectoryUserNotFoundError } from '../directory/directory.js';
import { errorHandler, HttpError } from './error-handler.js';

/** Largest JSON body accepted by the API (the biggest real one is well under 1 KB). */
export const API_BODY_LIMIT_BYTES = 16 * 1024;

/** Codes and pt-BR messages of the API's own refusals. */
export const apiErrors = {
  invalidRequest: { status: 400, code: 'invalid_request' },
  invalidJson: {
    status: 400,
    code: 'invalid_json',
    message: 'O corpo da requisição não é um JSON válido.',
  },
  tooLarge: {
    status: 413,
    code: 'payload_too_large',
    message: `A requisição é grande demais (máximo de ${API_BODY_LIMIT_BYTES / 1024} KB).`,
  },
  unsupportedMediaType: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Envie os dados em JSON (Content-Type: application/json).',
  },
  userNotFound: {
    status: 404,
    code: 'user_not_found',
    message: 'Não encontramos o seu cadastro. Entre novamente ou procure a secretaria do centro.',
  },
  directoryUnavailable: {
    code: 'directory_unavailable',
    message: 'Não foi possível acessar o seu cadastro agora. Por favor tente novamente.',
  },
  databaseUnavailable: {
    status: 503,
    code: 'service_unavailable',
    message: 'Serviço indisponível no momento. Por favor tente novamente em instantes.',
  },
} as const;

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'texto',
  number: 'número',
  boolean: 'verdadeiro ou falso',
  object: 'objeto',
  array: 'lista',
};

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const quote = (key: PropertyKey) => `"${String(key)}"`;

/**
 * pt-BR messages for the issues the contracts leave to the server (structure: missing fields, wrong
 * types, unknown fields). Value rules carry their own message in the contracts, which wins.
 */
function ptBrIssue(issue: RawIssue): string {
  const path = issue.path ?? [];
  const field = path.length > 0 ? quote(path[path.length - 1] as PropertyKey) : undefined;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = (issue.keys as string[]).map(quote).join(', ');
      return (issue.keys as string[]).length > 1
        ? `Campos não permitidos: ${keys}.`
        : `Campo não permitido: ${keys}.`;
    }
    case 'invalid_type':
      if (field === undefined) return 'O corpo da requisição deve ser um objeto JSON.';
      if (issue.input === undefined) return `Campo obrigatório ausente: ${field}.`;
      return `Campo ${field} com tipo inválido: esperado ${TYPE_NAMES[String(issue.expected)] ?? String(issue.expected)}.`;
    case 'invalid_union':
      if (issue.discriminator !== undefined || issue.note === 'No matching discriminator') {
        return `Campo ${field ?? '"param"'} inválido: use mobilePhone, displayName ou mail.`;
      }
      return `Campo ${field ?? ''} inválido.`;
    default:
      return field === undefined ? 'Dados inválidos na requisição.' : `Campo ${field} inválido.`;
  }
}

/** The refusal for a body that does not match its schema. */
export function refusalOf(issues: readonly Issue[], data: unknown): HttpError {
  // A missing or ill-formed token is an authentication problem, answered like a bad token.
  if (issues.some((issue) => issue.path[0] === 'token')) {
    const token =
      typeof data === 'object' && data !== null ? Reflect.get(data, 'token') : undefined;
    const refusal = token === undefined ? authErrors.signInRequired : authErrors.invalidToken;
    return new HttpError(refusal.status, refusal.code, refusal.message);
  }
  const first = issues[0];
  const { status, code } = apiErrors.invalidRequest;
  return new HttpError(status, code, first?.message ?? 'Dados inválidos na requisição.');
}

/** Parses a value with a contract schema; a mismatch becomes the HttpError to answer. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  data: unknown,
): { value: z.output<S> } | { error: HttpError } {
  const result = schema.safeParse(data, { error: ptBrIssue });
  return result.success ? { value: result.data } : { error: refusalOf(result.error.issues, data) };
}

/** Errors of PostgreSQL or SQLite that mean "not now" rather than "wrong": answered with a 503. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '55P03', // lock_not_available
  '57014', // query_canceled (statement_timeout)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}

/** The HttpError answered for an error that is not one yet (parser, directory, database). */
export function apiErrorOf(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const make = (e: { status: number; code: string; message: string }) =>
    new HttpError(e.status, e.code, e.message, { cause: error });
  switch ((error as Partial<FastifyError> | null)?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return make(apiErrors.invalidJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return make(apiErrors.tooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return make(apiErrors.unsupportedMediaType);
  }
  if (error instanceof DirectoryUserNotFoundError) return make(apiErrors.userNotFound);
  if (error instanceof DirectoryError) {
    return make({ status: error.status, ...apiErrors.directoryUnavailable });
  }
  if (isDatabaseUnavailable(error)) return make(apiErrors.databaseUnavailable);
  return error;
}

/**
 * Sets the API's conventions on a route module's (encapsulated) context:
 * - route `schema.body` / `schema.response` are zod schemas of `@centro/contracts`; bodies are
 *   parsed with them (unknown fields refused, values normalised) with pt-BR messages;
 * - only `application/json` bodies (415 otherwise), at most API_BODY_LIMIT_BYTES (413), parsed
 *   refusing `__proto__` and `constructor.prototype` keys (400);
 * - errors answered by the central handler after mapping parser, directory and database failures
 *   to their 4xx/5xx JSON answers.
 */
export function useApiConventions(app: FastifyInstance): void {
  app.setValidatorCompiler(
    ({ schema }) =>
      (data) =>
        parseWith(schema as z.ZodType, data),
  );
  // Answers are built from typed objects; the response schemas document them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: API_BODY_LIMIT_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.setErrorHandler((error, request, reply) => errorHandler(apiErrorOf(error), request, reply));
}
