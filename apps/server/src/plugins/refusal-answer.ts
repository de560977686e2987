/**
 * The answer of a refusal: its catalogue line's status, code and pt-BR message (worded from its
 * details when it has some); and the generic answer of any other error, by status, so that no
 * internal detail (stack, SQL, upstream message) ever reaches the client.
 */
import { ErrorCode, type ApiError } from '@centro/contracts';
import type { FastifyError } from 'fastify';
import { REFUSALS, type RefusalName } from '../refusals/catalogue.js';
import { Refusal, type RefusalDetails } from '../refusals/refusal.js';

export interface Answer {
  statusCode: number;
  body: ApiError;
}

/** Generic answers by status, for errors that are not a refusal of ours. */
export const GENERIC: Readonly<Record<number, ApiError>> = {
  400: { error: ErrorCode.BadRequest, message: 'Requisição inválida.' },
  401: { error: ErrorCode.Unauthorized, message: REFUSALS.signInRequired.message },
  403: { error: ErrorCode.Forbidden, message: 'Acesso negado.' },
  404: { error: ErrorCode.NotFound, message: 'Recurso não encontrado.' },
  405: { error: ErrorCode.MethodNotAllowed, message: 'Método não permitido.' },
  406: { error: ErrorCode.NotAcceptable, message: 'Formato de resposta não disponível.' },
  408: { error: ErrorCode.RequestTimeout, message: 'A requisição demorou demais.' },
  409: { error: ErrorCode.Conflict, message: 'A requisição conflita com o estado atual.' },
  413: { error: ErrorCode.PayloadTooLarge, message: 'A requisição é grande demais.' },
  415: { error: ErrorCode.UnsupportedMediaType, message: 'Tipo de conteúdo não suportado.' },
  429: { error: ErrorCode.TooManyRequests, message: REFUSALS.tooManyRequests.message },
  500: { error: ErrorCode.InternalError, message: 'Erro interno. Tente novamente mais tarde.' },
  502: {
    error: ErrorCode.BadGateway,
    message: 'Serviço externo indisponível. Tente novamente mais tarde.',
  },
  503: {
    error: ErrorCode.ServiceUnavailable,
    message: 'Serviço indisponível. Tente novamente mais tarde.',
  },
  504: {
    error: ErrorCode.GatewayTimeout,
    message: 'Serviço externo demorou demais. Tente novamente mais tarde.',
  },
};

/** The answer of the refusal `reason` (at its first status unless told another). */
export function refusalAnswer<N extends RefusalName>(
  reason: N,
  status?: number,
  details?: RefusalDetails<N>,
): Answer {
  const line: { statuses: readonly number[]; code: ErrorCode; message: string; say?: unknown } =
    REFUSALS[reason];
  const say = line.say as ((details: RefusalDetails<N>) => string) | undefined;
  return {
    statusCode: status ?? line.statuses[0] ?? 500,
    body: {
      error: line.code,
      message: say && details !== undefined ? say(details) : line.message,
    },
  };
}

/** The answer of a thrown refusal, else undefined. */
export function answerOfRefusal(error: unknown): Answer | undefined {
  if (!(error instanceof Refusal)) return undefined;
  const answer = refusalAnswer(error.reason, error.status, error.details);
  return error.bodyField === undefined
    ? answer
    : { ...answer, body: { ...answer.body, field: error.bodyField } };
}

/** The generic answer of an error that is not a refusal: its status if it has one, else 500. */
export function genericAnswer(error: unknown): Answer {
  const candidate = (error as Partial<FastifyError> | null)?.statusCode;
  const statusCode =
    typeof candidate === 'number' && candidate >= 400 && candidate <= 599 ? candidate : 500;
  const validation = (error as Partial<FastifyError> | null)?.validation !== undefined;
  const body =
    statusCode === 400 && validation
      ? { error: ErrorCode.InvalidRequest, message: REFUSALS.invalidRequest.message }
      : (GENERIC[statusCode] ?? (statusCode < 500 ? GENERIC[400] : GENERIC[500]));
  return { statusCode, body: body as ApiError };
}
