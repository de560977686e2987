/**
 * The API's explanation of a refusal (its typed code and pt-BR message), read from an error answer
 * by the API client (api-client.ts) with a dynamic import: only a refused call needs the list of
 * codes, so no page's first load carries it (issue 15's budget).
 */
import { isErrorCode, type ErrorCode } from '@centro/contracts/error-codes';

/** The code and message of an error answer's body, when it is one of the API's. */
export function refusalOf(body: unknown): { code: ErrorCode; message: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, message } = body as Record<string, unknown>;
  return isErrorCode(error) && typeof message === 'string' ? { code: error, message } : null;
}
