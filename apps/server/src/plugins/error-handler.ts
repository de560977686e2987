/**
 * The one edge where errors become HTTP answers: JSON `{error, message}`, the code one of
 * `ErrorCode` (packages/contracts) and the message a pt-BR sentence written here, once.
 *
 * - Domain errors (enrolment, directory, authentication, rate limit) are mapped in `REFUSALS`:
 *   the domains throw their own classes and never choose a status.
 * - In the API's context (`apiErrorHandler`), the body parser's errors, the zod validation issues
 *   (with pt-BR messages that name the field) and a database that is down are mapped too.
 * - Anything else gets a generic answer for its status, so no internal detail (stack, SQL,
 *   upstream message) ever reaches the client. 5xx are logged with their cause.
 *
 * `refusalResponses` gives a route's schema the same refusals, so the OpenAPI document lists the
 * codes from this same table.
 */
import {
  ErrorCode,
  apiErrorSchema,
  enrolmentOpensMessage,
  messages,
  type ApiError,
} from '@centro/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthRefusal, type AuthRefusalReason } from '../auth/errors.js';
import {
  DirectoryError,
  DirectoryProtectedFieldError,
  DirectoryUserNotFoundError,
} from '../directory/directory.js';
import {
  AlreadyEnrolledError,
  CancellationIncompleteError,
  CourseFullError,
  CourseNotFoundError,
  CourseNotFullError,
  EnrolmentClosedError,
  EnrolmentIncompleteError,
  EnrolmentInProgressError,
  EnrolmentNotOpenError,
  EmailNotVerifiedError,
  NoEnrolmentError,
  UnknownGroupError,
} from '../enrolment/errors.js';
import { AccountDeletionIncompleteError } from '../participant/errors.js';
import {
  AccountNotFoundError,
  InvalidSettingsError,
  LastCoordinatorError,
  NotEnrolledError,
  PlacesBelowTakenError,
  RemovalIncompleteError,
  RolesManagedByProviderError,
  StaffCourseNotFoundError,
  StaffForbiddenError,
} from '../staff/errors.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import {
  API_BODY_LIMIT_BYTES,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from './api-conventions.js';
import { TooManyRequestsError } from './rate-limit.js';
import { ContactChangeLimitError } from '../idp/store/contact-email-changes.js';

export type ErrorBody = ApiError;

/**
 * An answer chosen by the thrower. Only for answers that are not refusals of a domain (the
 * built-in provider's Graph-shaped /v1.0/me); domains throw their own errors, mapped below.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

interface Refusal {
  /** The statuses it is answered with (the first unless the error says otherwise). */
  statuses: readonly [number, ...number[]];
  code: ErrorCode;
  message: string;
}

/** Every refusal of the API, by name: its statuses, code and pt-BR message. */
export const REFUSALS = {
  invalidJson: {
    statuses: [400],
    code: ErrorCode.InvalidJson,
    message: 'O corpo da requisição não é um JSON válido.',
  },
  payloadTooLarge: {
    statuses: [413],
    code: ErrorCode.PayloadTooLarge,
    message: `A requisição é grande demais (máximo de ${API_BODY_LIMIT_BYTES / 1024} KB).`,
  },
  unsupportedMediaType: {
    statuses: [415],
    code: ErrorCode.UnsupportedMediaType,
    message: 'Envie os dados em JSON (Content-Type: application/json).',
  },
  userNotFound: {
    statuses: [404],
    code: ErrorCode.UserNotFound,
    message: 'Não encontramos o seu cadastro. Entre novamente ou procure a secretaria do centro.',
  },
  /** Entra ID keeps a privileged administrator's mobilePhone out of any application's reach. */
  protectedAccount: {
    statuses: [403],
    code: ErrorCode.ProtectedAccount,
    message:
      'O celular desta conta não pode ser alterado pelo site, porque ela tem uma função de administrador no Microsoft Entra. Peça a outro administrador para alterá-lo.',
  },
  /** The directory failed while reading or changing the person's data. */
  directoryUnavailable: {
    statuses: [502, 503],
    code: ErrorCode.DirectoryUnavailable,
    message: 'Não foi possível acessar o seu cadastro agora. Por favor tente novamente.',
  },
  /** The directory failed while enrolling (the place was given back). */
  enrolmentIncomplete: {
    statuses: [502, 503],
    code: ErrorCode.DirectoryUnavailable,
    message: 'Não foi possível concluir a inscrição agora. Por favor tente novamente.',
  },
  databaseUnavailable: {
    statuses: [503],
    code: ErrorCode.ServiceUnavailable,
    message: 'Serviço indisponível no momento. Por favor tente novamente em instantes.',
  },
  courseFull: { statuses: [409], code: ErrorCode.CourseFull, message: messages.courseFull },
  /** Before the opening instant (the message names it: enrolmentOpensMessage). */
  enrolmentNotOpen: {
    statuses: [409],
    code: ErrorCode.EnrolmentNotOpen,
    message: 'As inscrições para este curso ainda não abriram.',
  },
  /** EMAIL_VERIFICATION=required and the person's e-mail is not confirmed (issue 11). */
  emailNotVerified: {
    statuses: [403],
    code: ErrorCode.EmailNotVerified,
    message: messages.emailNotVerified,
  },
  enrolmentClosed: {
    statuses: [409],
    code: ErrorCode.EnrolmentClosed,
    message: messages.enrolmentClosed,
  },
  /** A course slug that names no course (the participant's own space). */
  unknownCourse: {
    statuses: [404],
    code: ErrorCode.NotFound,
    message: 'Curso não encontrado.',
  },
  /** Joining the waiting list while a place is free. */
  courseNotFull: {
    statuses: [409],
    code: ErrorCode.CourseNotFull,
    message: 'Ainda há vagas neste curso: faça a sua inscrição.',
  },
  /** Joining the waiting list of a course the person holds a place in. */
  alreadyEnrolled: {
    statuses: [409],
    code: ErrorCode.AlreadyEnrolled,
    message: 'Você já tem uma vaga neste curso.',
  },
  /** Cancelling a place the person does not hold. */
  noEnrolment: {
    statuses: [404],
    code: ErrorCode.NotEnrolled,
    message: 'Você não tem inscrição neste curso.',
  },
  /** Cancelling (or deleting the account) while a place is still being confirmed. */
  enrolmentInProgress: {
    statuses: [409],
    code: ErrorCode.EnrolmentInProgress,
    message: 'Sua inscrição ainda está sendo concluída. Tente novamente em alguns instantes.',
  },
  /** The directory failed while removing the person from the course's group. */
  cancellationIncomplete: {
    statuses: [502, 503],
    code: ErrorCode.DirectoryUnavailable,
    message: 'Não foi possível cancelar a inscrição agora. Por favor tente novamente.',
  },
  /** The directory failed during an account deletion (what was done stays done). */
  accountDeletionIncomplete: {
    statuses: [502, 503],
    code: ErrorCode.DirectoryUnavailable,
    message:
      'Não foi possível concluir a exclusão da conta agora. Por favor tente novamente em instantes.',
  },
  /** A signed-in person without the staff role the action needs. */
  staffForbidden: {
    statuses: [403],
    code: ErrorCode.Forbidden,
    message: 'Esta área é só para a equipe do centro.',
  },
  /** Secretaria on what only Coordenação may do. */
  coordinationOnly: {
    statuses: [403],
    code: ErrorCode.Forbidden,
    message: 'Só a Coordenação pode fazer isso.',
  },
  courseNotFound: {
    statuses: [404],
    code: ErrorCode.NotFound,
    message: 'Curso ou encontro não encontrado.',
  },
  placesBelowTaken: {
    statuses: [409],
    code: ErrorCode.PlacesBelowTaken,
    message: 'O número de vagas não pode ser menor que o de inscrições já feitas.',
  },
  invalidSettings: {
    statuses: [400],
    code: ErrorCode.InvalidRequest,
    message: 'Configuração inválida.',
  },
  notEnrolled: {
    statuses: [404],
    code: ErrorCode.NotEnrolled,
    message: 'Esta pessoa não tem inscrição confirmada neste curso.',
  },
  removalIncomplete: {
    statuses: [502, 503],
    code: ErrorCode.DirectoryUnavailable,
    message: 'Não foi possível remover a inscrição agora; nada foi alterado. Tente novamente.',
  },
  lastCoordinator: {
    statuses: [409],
    code: ErrorCode.LastCoordinator,
    message: 'É preciso manter ao menos uma pessoa na Coordenação.',
  },
  accountNotFound: {
    statuses: [404],
    code: ErrorCode.AccountNotFound,
    message: 'Não há conta cadastrada com este e-mail.',
  },
  rolesManagedByProvider: {
    statuses: [409],
    code: ErrorCode.RolesManagedByProvider,
    message:
      'Os papéis da equipe são atribuídos no Microsoft Entra ID (funções do aplicativo Coordenacao e Secretaria).',
  },
  unknownGroup: {
    statuses: [400],
    code: ErrorCode.UnknownGroup,
    message: 'Grupo desconhecido: não corresponde a nenhum curso.',
  },
  /** get-token: the provider's token was refused. */
  invalidProviderToken: {
    statuses: [401],
    code: ErrorCode.InvalidToken,
    message: 'Não foi possível confirmar o seu acesso. Entre novamente.',
  },
  /** get-token: the provider's keys could not be obtained. */
  providerUnavailable: {
    statuses: [503],
    code: ErrorCode.IdentityProviderUnavailable,
    message: 'O serviço de acesso está indisponível no momento. Tente novamente em instantes.',
  },
  /** A user or group call with an anonymous (or missing) token. */
  signInRequired: {
    statuses: [401],
    code: ErrorCode.Unauthorized,
    message: 'É preciso entrar para continuar.',
  },
  /** A user or group call with an expired token. */
  expiredToken: {
    statuses: [401],
    code: ErrorCode.InvalidToken,
    message: 'Sua sessão expirou. Entre novamente.',
  },
  /** A user or group call with a malformed, tampered or foreign token. */
  invalidToken: {
    statuses: [401],
    code: ErrorCode.InvalidToken,
    message: 'Sessão inválida. Entre novamente.',
  },
  /** A user or group call about someone else. */
  otherPerson: {
    statuses: [403],
    code: ErrorCode.Forbidden,
    message: 'Você só pode acessar e alterar os seus próprios dados.',
  },
  /** A body that does not match its contract (the message names the field). */
  invalidRequest: {
    statuses: [400],
    code: ErrorCode.InvalidRequest,
    message: 'Dados inválidos na requisição.',
  },
  tooManyRequests: {
    statuses: [429],
    code: ErrorCode.TooManyRequests,
    message: 'Muitas requisições. Tente novamente em instantes.',
  },
  /** A new contact e-mail past CONTACT_CHANGES_PER_HOUR, for the account or the address. */
  tooManyContactChanges: {
    statuses: [429],
    code: ErrorCode.TooManyRequests,
    message: 'Muitos pedidos de troca de e-mail. Por segurança, aguarde e tente novamente.',
  },
} as const satisfies Record<string, Refusal>;

export type RefusalName = keyof typeof REFUSALS;

const AUTH_REFUSALS: Readonly<Record<AuthRefusalReason, RefusalName>> = {
  signInRequired: 'signInRequired',
  expiredToken: 'expiredToken',
  invalidToken: 'invalidToken',
  otherPerson: 'otherPerson',
  invalidProviderToken: 'invalidProviderToken',
  providerUnavailable: 'providerUnavailable',
};

/** Generic answers by status, for errors that are not a refusal of ours. */
const GENERIC: Readonly<Record<number, ErrorBody>> = {
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

interface Answer {
  statusCode: number;
  body: ErrorBody;
}

function refusal(name: RefusalName, statusCode?: number, message?: string): Answer {
  const { statuses, code, message: text } = REFUSALS[name];
  return { statusCode: statusCode ?? statuses[0], body: { error: code, message: message ?? text } };
}

/** The answer of a domain error, or undefined when the error is not one. */
function domainAnswer(error: unknown): Answer | undefined {
  if (error instanceof HttpError) {
    return { statusCode: error.statusCode, body: { error: error.code, message: error.message } };
  }
  if (error instanceof AuthRefusal) return refusal(AUTH_REFUSALS[error.reason]);
  if (error instanceof CourseFullError) return refusal('courseFull');
  if (error instanceof EnrolmentNotOpenError) {
    return refusal('enrolmentNotOpen', undefined, enrolmentOpensMessage(error.opensAt));
  }
  if (error instanceof EnrolmentClosedError) return refusal('enrolmentClosed');
  if (error instanceof EmailNotVerifiedError) return refusal('emailNotVerified');
  if (error instanceof CourseNotFoundError) return refusal('unknownCourse');
  if (error instanceof CourseNotFullError) return refusal('courseNotFull');
  if (error instanceof AlreadyEnrolledError) return refusal('alreadyEnrolled');
  if (error instanceof NoEnrolmentError) return refusal('noEnrolment');
  if (error instanceof EnrolmentInProgressError) return refusal('enrolmentInProgress');
  if (error instanceof CancellationIncompleteError) {
    return refusal('cancellationIncomplete', error.status);
  }
  if (error instanceof AccountDeletionIncompleteError) {
    return refusal('accountDeletionIncomplete', error.status);
  }
  if (error instanceof StaffForbiddenError) {
    return refusal(error.staff ? 'coordinationOnly' : 'staffForbidden');
  }
  if (error instanceof StaffCourseNotFoundError) return refusal('courseNotFound');
  if (error instanceof PlacesBelowTakenError) {
    return refusal(
      'placesBelowTaken',
      undefined,
      `O número de vagas não pode ser menor que o de inscrições já feitas (${error.taken}).`,
    );
  }
  if (error instanceof InvalidSettingsError)
    return refusal('invalidSettings', undefined, error.message);
  if (error instanceof NotEnrolledError) return refusal('notEnrolled');
  if (error instanceof RemovalIncompleteError) return refusal('removalIncomplete', error.status);
  if (error instanceof LastCoordinatorError) return refusal('lastCoordinator');
  if (error instanceof AccountNotFoundError) return refusal('accountNotFound');
  if (error instanceof RolesManagedByProviderError) return refusal('rolesManagedByProvider');
  if (error instanceof UnknownGroupError) return refusal('unknownGroup');
  if (error instanceof EnrolmentIncompleteError)
    return refusal('enrolmentIncomplete', error.status);
  if (error instanceof DirectoryUserNotFoundError) return refusal('userNotFound');
  if (error instanceof DirectoryProtectedFieldError) return refusal('protectedAccount');
  if (error instanceof DirectoryError) return refusal('directoryUnavailable', error.status);
  if (error instanceof ContactChangeLimitError) {
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    const wait = `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
    return refusal(
      'tooManyContactChanges',
      undefined,
      `Muitos pedidos de troca de e-mail. Por segurança, aguarde ${wait} e tente novamente.`,
    );
  }
  if (error instanceof TooManyRequestsError) {
    return refusal(
      'tooManyRequests',
      error.statusCode,
      `Muitas requisições. Tente novamente em ${error.retryAfterSeconds} segundos.`,
    );
  }
  return undefined;
}

/** The status and body answered for an error (outside the API's own mappings). */
export function errorResponse(error: unknown): Answer {
  const answer = domainAnswer(error);
  if (answer) return answer;
  const candidate = (error as Partial<FastifyError> | null)?.statusCode;
  const statusCode =
    typeof candidate === 'number' && candidate >= 400 && candidate <= 599 ? candidate : 500;
  const validation = (error as Partial<FastifyError> | null)?.validation !== undefined;
  const body =
    statusCode === 400 && validation
      ? { error: ErrorCode.InvalidRequest, message: REFUSALS.invalidRequest.message }
      : (GENERIC[statusCode] ?? (statusCode < 500 ? GENERIC[400] : GENERIC[500]));
  return { statusCode, body: body as ErrorBody };
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'texto',
  number: 'número',
  boolean: 'verdadeiro ou falso',
  object: 'objeto',
  array: 'lista',
};

const quote = (key: PropertyKey) => `"${String(key)}"`;

/** The value at `path` of the request's body (undefined when absent). */
function valueAt(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** zod's own (English) message of an issue: replaced, since the contract gave none. */
function isZodDefaultMessage(issue: ValidationIssue): boolean {
  const english = z.locales.en().localeError;
  const raw = { ...issue.params, code: issue.keyword, path: [], input: undefined };
  const text = english?.(raw as unknown as z.core.$ZodRawIssue);
  return (typeof text === 'string' ? text : text?.message) === issue.message;
}

/**
 * A pt-BR message for a body's issue: structure (missing fields, wrong types, unknown fields) in
 * words of this server; value rules carry their own message in the contracts, which wins.
 */
function ptBrIssue(issue: ValidationIssue, body: unknown): string {
  const path = issue.instancePath.split('/').slice(1);
  const last = path[path.length - 1];
  const field = last === undefined ? undefined : quote(last);
  const { params } = issue;
  switch (issue.keyword) {
    case 'unrecognized_keys': {
      const keys = params.keys as string[];
      return keys.length > 1
        ? `Campos não permitidos: ${keys.map(quote).join(', ')}.`
        : `Campo não permitido: ${keys.map(quote).join(', ')}.`;
    }
    case 'invalid_type':
      if (field === undefined) return 'O corpo da requisição deve ser um objeto JSON.';
      if (valueAt(body, path) === undefined) return `Campo obrigatório ausente: ${field}.`;
      return `Campo ${field} com tipo inválido: esperado ${TYPE_NAMES[String(params.expected)] ?? String(params.expected)}.`;
    case 'invalid_union':
      if (params.discriminator !== undefined || params.note === 'No matching discriminator') {
        return `Campo ${field ?? '"param"'} inválido: use mobilePhone, displayName ou mail.`;
      }
      return `Campo ${field ?? ''} inválido.`;
    default:
      if (!isZodDefaultMessage(issue)) return issue.message;
      return field === undefined ? REFUSALS.invalidRequest.message : `Campo ${field} inválido.`;
  }
}

/** The answer for a body that does not match its contract. */
function validationAnswer(issues: readonly ValidationIssue[], body: unknown): Answer {
  // A missing or ill-formed token is an authentication problem, answered like a bad token.
  if (issues.some((issue) => issue.instancePath.split('/')[1] === 'token')) {
    return refusal(valueAt(body, ['token']) === undefined ? 'signInRequired' : 'invalidToken');
  }
  const first = issues[0];
  return refusal('invalidRequest', undefined, first ? ptBrIssue(first, body) : undefined);
}

/** The answer in the API's context: parser, validation and database failures mapped too. */
export function apiErrorResponse(error: unknown, body: unknown): Answer {
  switch ((error as Partial<FastifyError> | null)?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return refusal('invalidJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refusal('payloadTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refusal('unsupportedMediaType');
  }
  if (error instanceof UnsupportedMediaTypeError) return refusal('unsupportedMediaType');
  if (error instanceof PayloadTooLargeError) return refusal('payloadTooLarge');
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationAnswer(error.validation as unknown as ValidationIssue[], body);
  }
  if (domainAnswer(error) === undefined && isDatabaseUnavailable(error)) {
    return refusal('databaseUnavailable');
  }
  return errorResponse(error);
}

function send(answer: Answer, error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = answer;
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

/**
 * A route's refusals for its `schema.response`: each status with the codes it may carry (from
 * `REFUSALS`), so the OpenAPI document and the answers come from one table.
 */
export function refusalResponses(...names: RefusalName[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const name of names) {
    for (const status of REFUSALS[name].statuses) {
      const codes = byStatus.get(status) ?? new Set<ErrorCode>();
      codes.add(REFUSALS[name].code);
      byStatus.set(status, codes);
    }
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [status, refusalSchema(status, [...codes])]),
  );
}

/**
 * The body of a refusal at `status`: any `ErrorCode` (so that no answer fails serialisation),
 * described with the codes this status carries.
 */
export function refusalSchema(status: number, codes: readonly ErrorCode[]): z.ZodType {
  const generic = GENERIC[status]?.error;
  const all = [...new Set([...codes, ...(generic ? [generic] : [])])];
  return apiErrorSchema.describe(`Refusal: ${all.map((code) => `\`${code}\``).join(', ')}.`);
}

/** The codes answered with a status, from `REFUSALS`. */
export function codesOfStatus(status: number): ErrorCode[] {
  const codes = Object.values(REFUSALS as Record<string, Refusal>)
    .filter((r) => r.statuses.includes(status))
    .map((r) => r.code);
  return [...new Set(codes)];
}
