/**
 * The API's explanation of a refusal (its typed code, pt-BR message and field), read from an error answer
 * by the API client (api-client.ts) with a dynamic import: only a refused call needs the list of
 * codes, so no page's first load carries it (the public pages' JavaScript budget).
 */
import { isErrorCode } from '@centro/contracts/error-codes';
import { ApiError } from './api-error';

/** The ApiError of an error answer whose body is one of the API's: code, message and field. */
export function refusalError(status: number, url: string, body: unknown): ApiError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, message, field } = body as Record<string, unknown>;
  if (!isErrorCode(error) || typeof message !== 'string') return null;
  const refused = new ApiError(status, url, error, message);
  return typeof field === 'string' ? Object.assign(refused, { field }) : refused;
}
