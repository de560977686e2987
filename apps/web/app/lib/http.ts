/** fetch with a timeout (the spec's client had none), for JSON answers. */

/** How long a call may take before it is abandoned. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** A call that answered with an error status. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`${url} answered ${status}`);
  }
}

export interface JsonRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** Bearer token for the Authorization header. */
  bearer?: string;
  timeoutMs?: number;
}

/** Calls `url` and resolves to its parsed JSON answer; rejects on an error status or a timeout. */
export async function fetchJson(
  url: string,
  { method = 'GET', body, bearer, timeoutMs = DEFAULT_TIMEOUT_MS }: JsonRequest = {},
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new HttpError(response.status, url);
  return response.json();
}
