/**
 * Logging (pino, through Fastify): JSON lines with a request id, and no personal data: requests are
 * logged as method and path only (no query string, no client address, no headers).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from './config/index.js';
import type { RequestActivity } from './request-activity.js';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * A certificate's verification code in a path (decision 094): it leads to a person's name, so the
 * log keeps the route only.
 */
const CERTIFICATE_CODE_PATH = /^(\/certificados|\/api\/certificates)\/[^/]+/;

/**
 * Path of a request URL without its query string (which may carry codes or tokens), and without a
 * certificate's code.
 */
export function pathOnly(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.replace(CERTIFICATE_CODE_PATH, '$1/:code');
}

/**
 * A request id: the proxy's X-Request-Id when a proxy is trusted and the value is safe, else a
 * fresh UUID.
 */
export function requestIdGenerator(
  trustProxy: Config['trustProxy'],
): (req: IncomingMessage) => string {
  const fromProxy = trustProxy !== false && trustProxy !== 0;
  return (req) => {
    const header = fromProxy ? req.headers['x-request-id'] : undefined;
    return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
  };
}

interface LoggedRequest {
  method: string;
  url?: string;
}

interface LoggedReply {
  statusCode: number;
}

/** Fastify server options for logging and request ids. */
export function loggingOptions(
  config: Pick<Config, 'logLevel' | 'trustProxy'>,
  stream?: { write(line: string): void },
  /** Counts the requests as they begin (request-activity.ts). */
  activity?: RequestActivity,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  return {
    logController: new OneLinePerRequest(activity),
    logger: {
      level: config.logLevel,
      ...(stream ? { stream } : {}),
      serializers: {
        req: (req: LoggedRequest) => ({ method: req.method, url: pathOnly(req.url) }),
        res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
      },
    },
    genReqId: requestIdGenerator(config.trustProxy),
  };
}

/**
 * One log line per request, when its answer is sent ('request completed', or 'request errored'):
 * the method and path (the `req` serializer), the status and the time taken. Fastify's own
 * 'incoming request' line is not written: it was about 2 % of an enrolment's CPU in the rush's
 * profile, and the completed line now carries what it said.
 */
class OneLinePerRequest extends LogController {
  readonly #activity: RequestActivity | undefined;

  constructor(activity?: RequestActivity) {
    super();
    this.#activity = activity;
  }

  override incomingRequest(_request: FastifyRequest, reply: FastifyReply): void {
    // Logged once, at the end (requestCompleted); counted now, open until its answer closes.
    this.#activity?.begin(reply.raw);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}

/** The log a service writes to: the app's (Fastify's pino), or a test's stand-in. */
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
