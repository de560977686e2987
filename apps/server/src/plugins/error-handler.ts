/**
 * Errors as JSON `{error, message}` with a pt-BR message. Only an `HttpError` chooses its own
 * code and message; anything else gets a generic answer for its status, so no internal detail
 * (stack, SQL, upstream message) ever reaches the client. 5xx are logged with their cause.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export interface ErrorBody {
  error: string;
  message: string;
}

/** An error meant for the client: its code and message are sent as they are. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const GENERIC: Readonly<Record<number, ErrorBody>> = {
  400: { error: 'bad_request', message: 'Requisição inválida.' },
  401: { error: 'unauthorized', message: 'É preciso entrar para continuar.' },
  403: { error: 'forbidden', message: 'Acesso negado.' },
  404: { error: 'not_found', message: 'Recurso não encontrado.' },
  405: { error: 'method_not_allowed', message: 'Método não permitido.' },
  406: { error: 'not_acceptable', message: 'Formato de resposta não disponível.' },
  408: { error: 'request_timeout', message: 'A requisição demorou demais.' },
  409: { error: 'conflict', message: 'A requisição conflita com o estado atual.' },
  413: { error: 'payload_too_large', message: 'A requisição é grande demais.' },
  415: { error: 'unsupported_media_type', message: 'Tipo de conteúdo não suportado.' },
  429: { error: 'too_many_requests', message: 'Muitas requisições. Tente novamente em instantes.' },
  500: { error: 'internal_error', message: 'Erro interno. Tente novamente mais tarde.' },
  502: {
    error: 'bad_gateway',
    message: 'Serviço externo indisponível. Tente novamente mais tarde.',
  },
  503: {
    error: 'service_unavailable',
    message: 'Serviço indisponível. Tente novamente mais tarde.',
  },
  504: {
    error: 'gateway_timeout',
    message: 'Serviço externo demorou demais. Tente novamente mais tarde.',
  },
};

/** The status and body answered for an error. */
export function errorResponse(error: unknown): { statusCode: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    return { statusCode: error.statusCode, body: { error: error.code, message: error.message } };
  }
  const candidate = (error as Partial<FastifyError> | null)?.statusCode;
  const statusCode =
    typeof candidate === 'number' && candidate >= 400 && candidate <= 599 ? candidate : 500;
  const validation = (error as Partial<FastifyError> | null)?.validation !== undefined;
  const body =
    statusCode === 400 && validation
      ? { error: 'invalid_request', message: 'Dados inválidos na requisição.' }
      : (GENERIC[statusCode] ?? (statusCode < 500 ? GENERIC[400] : GENERIC[500]));
  return { statusCode, body: body as ErrorBody };
}

/** Fastify error handler. */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = errorResponse(error);
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
