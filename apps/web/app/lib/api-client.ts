/**
 * The website's one API client: fetch with a timeout (the spec's client had none), JSON both ways,
 * an optional bearer token, and every error status as an `ApiError` carrying the API's typed code
 * and pt-BR message when it gave them. Each call checks its answer with ./answer.ts (zod stays out of
 * the browser, decision 042).
 */
import { ApiError } from './api-error';

/** How long a call may take before it is abandoned. */
export const API_TIMEOUT_MS = 10_000;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as JSON. */
  body?: unknown;
  /** Bearer token for the Authorization header. */
  bearer?: string;
  timeoutMs?: number;
}

async function apiErrorOf(response: Response, url: string): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  // The list of codes comes with the first refusal (api-refusal.ts); if the connection dropped
  // meanwhile, the refusal stays unexplained.
  const refusal = isRecord(body)
    ? await import('./api-refusal').then(
        ({ refusalError }) => refusalError(response.status, url, body),
        () => null,
      )
    : null;
  return refusal ?? new ApiError(response.status, url);
}

/**
 * Calls `url` and resolves to its successful response; rejects on an error status or a timeout.
 * (Also the base of `fetchFile`, in api-file.ts: only the screens that download a file carry it.)
 */
export async function request(
  url: string,
  accept: string,
  { method = 'GET', body, bearer, timeoutMs = API_TIMEOUT_MS }: JsonRequest,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw await apiErrorOf(response, url);
  return response;
}

/** Calls `url` and resolves to its parsed JSON answer; rejects on an error status or a timeout. */
export async function fetchJson(url: string, options: JsonRequest = {}): Promise<unknown> {
  return (await request(url, 'application/json', options)).json();
}
