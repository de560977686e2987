/**
 * The body of every refused or failed API answer. Its codes are the one list in error-codes.ts
 * (re-exported here): the server answers only those, the website compares them as `ErrorCode`
 * members, and the OpenAPI document lists them through `errorCodeSchema`.
 */
import { z } from 'zod';
import { ErrorCode } from './error-codes.js';

export { ErrorCode, isErrorCode } from './error-codes.js';

export const errorCodeSchema = z.enum(ErrorCode);

export const apiErrorSchema = z.object({
  /** Machine-readable code, one of `ErrorCode`. */
  error: errorCodeSchema,
  /** Sentence in Brazilian Portuguese that the website may show to the person. */
  message: z.string().min(1),
  /**
   * The request body's field the refusal is about (its key, e.g. `places`), when it is one: a form
   * shows the message beside that field.
   */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The largest JSON body the API accepts (`payload_too_large` above it; the biggest real one is well under 1 KB). */
export const API_BODY_LIMIT_BYTES = 16 * 1024;
