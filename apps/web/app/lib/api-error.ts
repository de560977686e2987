/**
 * The errors a call to the API can end in. Their own module, so that the API client and the
 * refusal reader (api-refusal.ts, loaded only with a first refusal) both import them without
 * importing each other.
 */
import type { ErrorCode } from '@centro/contracts/error-codes';

/** A call that answered with an error status; `code` and `apiMessage` when the API explained it. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly url: string,
    readonly code: ErrorCode | null = null,
    readonly apiMessage: string | null = null,
  ) {
    super(`${url} answered ${status}${code ? ` (${code})` : ''}`);
  }
  /**
   * The request body's field the refusal is about, when the API named one (a form shows the
   * message beside it); set by api-refusal.ts, so that no page's first load carries it.
   */
  declare readonly field?: string;
}

/** An answer without what the call promises (./answer.ts). */
export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
}
