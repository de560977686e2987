/**
 * Authorised calls to Microsoft Graph: a bearer token from the token source, a timeout on every
 * attempt, and retries of 429, 503, 504, timeouts and broken connections (honouring Retry-After,
 * else backoff with jitter) within a bounded number of attempts and time budget. Every operation
 * the adapter makes is idempotent, so trying again is safe even when an attempt's outcome is
 * unknown.
 *
 * `call` answers with the final HTTP response (2xx or a non-retryable error, for the adapter to
 * interpret) or throws a DirectoryError: 503 when Graph or Entra stayed unavailable, 502 when the
 * app's credentials are refused. Logs carry the operation, statuses, Graph's error code and
 * request id: never URLs (they hold user ids), bodies, Graph's messages or tokens.
 */
import { DirectoryError } from '../directory.js';
import type { DirectoryLogger } from '../directory-logger.js';
import {
  DEFAULT_RETRY_POLICY,
  RETRYABLE_STATUSES,
  type RetryPolicy,
  type Sleep,
  backoffDelay,
  parseRetryAfter,
  realSleep,
} from './retry.js';
import { TokenError, type TokenSource } from './token-source.js';
import { type HttpMethod, type HttpResponse, type Transport, TransportError } from './transport.js';

export interface GraphRequest {
  method: HttpMethod;
  /** Path under the base URL, starting with "/" (segments already encoded). */
  path: string;
  /** Query options such as $select (keys are sent as they are, values encoded). */
  query?: Record<string, string>;
  /** JSON body. */
  body?: unknown;
}

/** Graph's error object: `{"error": {"code", "message", "innerError": {"request-id", ...}}}`. */
export interface GraphErrorInfo {
  code: string;
  message: string;
}

export interface GraphResponse {
  status: number;
  ok: boolean;
  headers: Record<string, string>;
  /** Parsed JSON body (undefined when empty or not JSON). */
  body: unknown;
  /** The error object of a non-2xx answer, when it has one. */
  error: GraphErrorInfo | undefined;
  requestId: string | undefined;
}

export interface GraphClientOptions {
  baseUrl: string;
  transport: Transport;
  tokens: TokenSource;
  /** Timeout of each attempt, in ms. */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
  logger: DirectoryLogger;
}

export const PERMISSIONS_HINT =
  'check the app registration: its credential, and the admin-consented application permissions User.ReadWrite.All, GroupMember.ReadWrite.All and CustomSecAttributeAssignment.ReadWrite.All';

function encodeQuery(query: Record<string, string> | undefined): string {
  if (!query) return '';
  const parts = Object.entries(query).map(
    ([key, v]) => `${key}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`,
  );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorInfo(body: unknown): GraphErrorInfo | undefined {
  if (!body || typeof body !== 'object' || !('error' in body)) return undefined;
  const error = body.error;
  if (!error || typeof error !== 'object') return undefined;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : 'unknown';
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return { code, message };
}

function toGraphResponse(res: HttpResponse): GraphResponse {
  const body = parseBody(res.body);
  const ok = res.status >= 200 && res.status < 300;
  return {
    status: res.status,
    ok,
    headers: res.headers,
    body,
    error: ok ? undefined : errorInfo(body),
    requestId: res.headers['request-id'],
  };
}

/** Connection errors after which the request certainly never reached Graph. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/** Whether a failed attempt certainly did not reach Graph (its outcome is then known: nothing). */
function neverSent(error: TransportError): boolean {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return error.kind === 'network' && typeof code === 'string' && NOT_SENT.has(code);
}

export class GraphClient {
  private readonly policy: RetryPolicy;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(private readonly options: GraphClientOptions) {
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  async call(
    operation: string,
    request: GraphRequest,
    callOptions: { maxAttempts?: number } = {},
  ): Promise<GraphResponse> {
    const { transport, tokens, logger } = this.options;
    const maxAttempts = Math.max(1, callOptions.maxAttempts ?? this.policy.maxAttempts);
    const deadline = this.now() + this.policy.budgetMs;
    const url = `${this.options.baseUrl}${request.path}${encodeQuery(request.query)}`;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    let forceRefresh = false;
    let refreshed = false;
    let reason = 'no attempt was made';
    // Whether an attempt went unanswered after it may have reached Graph (so Graph may have done
    // it): then so is the whole call, whatever the later attempts met.
    let outcomeUnknown = false;

    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - this.now();
      if (remaining <= 0) break;
      let wait: number | undefined;
      try {
        const token = await tokens.getToken({ forceRefresh });
        forceRefresh = false;
        const res = await transport.send({
          method: request.method,
          url,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body }),
          timeoutMs: Math.max(1, Math.min(this.options.timeoutMs, deadline - this.now())),
        });
        if (res.status === 401 && !refreshed && attempt < maxAttempts) {
          // A token Graph no longer accepts (revoked, clock skew): get a fresh one, once.
          refreshed = true;
          forceRefresh = true;
          logger.warn(
            { operation, attempt, status: 401, requestId: res.headers['request-id'] },
            'Microsoft Graph refused the access token; renewing it',
          );
          continue;
        }
        if (!RETRYABLE_STATUSES.has(res.status)) return toGraphResponse(res);
        reason = `HTTP ${res.status}`;
        if (res.status === 504) outcomeUnknown = true;
        wait = parseRetryAfter(res.headers['retry-after']);
        if (wait !== undefined) reason += `, Retry-After ${Math.ceil(wait / 1000)} s`;
      } catch (error) {
        if (error instanceof TokenError) {
          if (!error.transient) {
            logger.error(
              { operation, reason: error.message },
              `Cannot get an access token for Microsoft Graph: ${PERMISSIONS_HINT}`,
            );
            throw new DirectoryError(
              `The directory refused the server's app: ${error.message}`,
              502,
              {
                cause: error,
              },
            );
          }
          reason = error.message;
        } else if (error instanceof TransportError) {
          if (!neverSent(error)) outcomeUnknown = true;
          reason =
            error.kind === 'timeout' ? `timeout (${error.message})` : `network (${error.message})`;
        } else {
          throw error;
        }
      }

      if (attempt >= maxAttempts) break;
      const delay = wait ?? backoffDelay(attempt, this.policy, this.random);
      if (this.now() + delay >= deadline) {
        reason += '; the retry budget does not allow waiting that long';
        break;
      }
      logger.warn(
        { operation, attempt, reason, delayMs: delay },
        'Microsoft Graph call failed; retrying',
      );
      await this.sleep(delay);
    }

    logger.warn({ operation, reason }, 'Microsoft Graph call gave up');
    throw new DirectoryError(`Microsoft Graph is unavailable (${reason}).`, 503, {
      outcomeUnknown,
    });
  }

  /** The DirectoryError for an answer the adapter cannot accept (logged here). */
  failure(operation: string, res: GraphResponse): DirectoryError {
    const fields = {
      operation,
      status: res.status,
      code: res.error?.code,
      requestId: res.requestId,
    };
    if (res.status === 401 || res.status === 403) {
      this.options.logger.error(fields, `Microsoft Graph refused the request: ${PERMISSIONS_HINT}`);
      return new DirectoryError(
        `Microsoft Graph refused the request (${res.status} ${res.error?.code ?? ''}); the app's permissions or credentials are wrong.`,
        502,
      );
    }
    this.options.logger.warn(fields, 'Microsoft Graph answered with an error');
    return new DirectoryError(
      `Microsoft Graph answered ${res.status} ${res.error?.code ?? ''}.`.replace(' .', '.'),
      502,
    );
  }
}
