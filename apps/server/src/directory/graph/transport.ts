/**
 * HTTPS requests for the Graph adapter (both Microsoft Entra's token endpoint, through msal-node,
 * and Microsoft Graph): keep-alive connections, a hard timeout on every request (connection,
 * headers and body), a bounded response size, and optional extra trusted certificate authorities.
 */
import https from 'node:https';
import tls from 'node:tls';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The request fails with a TransportError('timeout') when no complete answer came by then. */
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

/** No answer: the connection failed, broke, or timed out. Nothing is known about the outcome. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    readonly kind: 'timeout' | 'network',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface Transport {
  send(request: HttpRequest): Promise<HttpResponse>;
  /** Closes the idle keep-alive connections. */
  close(): void;
}

export interface HttpsTransportOptions {
  /** Extra certificate authorities (PEM) trusted besides the system's. */
  ca?: string | undefined;
  /** Largest answer accepted, in bytes (default 1 MiB). */
  maxResponseBytes?: number;
  /** Connections per host (default 64). */
  maxSockets?: number;
}

function flattenHeaders(headers: NodeJS.Dict<string | string[]>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, v] of Object.entries(headers)) {
    if (v !== undefined) flat[name.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return flat;
}

/** A short description of a network failure without URLs or data: the system error code. */
function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return error instanceof Error ? error.message : 'unknown error';
}

export function createHttpsTransport(options: HttpsTransportOptions = {}): Transport {
  const maxResponseBytes = options.maxResponseBytes ?? 1024 * 1024;
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: options.maxSockets ?? 64,
    // `ca` replaces the default roots: keep them and add ours. Built once: given as `ca`, every
    // new connection would parse the ~140 roots again (tens of ms of the event loop each, which
    // during a rush of reconnections after timeouts blocked every request for seconds).
    ...(options.ca
      ? { secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, options.ca] }) }
      : {}),
  });

  function send(request: HttpRequest): Promise<HttpResponse> {
    return new Promise<HttpResponse>((resolve, reject) => {
      const url = new URL(request.url);
      if (url.protocol !== 'https:') {
        reject(new TypeError('Only https URLs are allowed.'));
        return;
      }
      const headers: Record<string, string> = { ...request.headers };
      if (request.body !== undefined) {
        headers['content-length'] = String(Buffer.byteLength(request.body));
      }

      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const fail = (error: TransportError) => {
        settle(() => reject(error));
        req.destroy();
      };

      const req = https.request(url, { method: request.method, headers, agent });
      const timer = setTimeout(
        () => fail(new TransportError('timeout', `no answer within ${request.timeoutMs} ms`)),
        request.timeoutMs,
      );

      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxResponseBytes) {
            fail(new TransportError('network', `answer larger than ${maxResponseBytes} bytes`));
            res.destroy();
          } else {
            chunks.push(chunk);
          }
        });
        res.on('end', () =>
          settle(() =>
            resolve({
              status: res.statusCode ?? 0,
              headers: flattenHeaders(res.headers),
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          ),
        );
        res.on('error', (error) =>
          fail(new TransportError('network', describe(error), { cause: error })),
        );
        res.on('close', () => {
          if (!res.complete) fail(new TransportError('network', 'connection closed mid-answer'));
        });
      });
      req.on('error', (error) =>
        settle(() => reject(new TransportError('network', describe(error), { cause: error }))),
      );
      req.end(request.body);
    });
  }

  return { send, close: () => agent.destroy() };
}
