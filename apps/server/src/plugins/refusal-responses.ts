/**
 * The refusals in the OpenAPI document, from the same catalogue lines as the answers: a route's
 * `schema.response` lists its own with `refusalResponses(name, …)`, and plugins/openapi.ts adds the
 * API's conventional ones with `refusalSchema(status, codesOfStatus(status))`.
 */
import { apiErrorSchema, type ErrorCode } from '@centro/contracts';
import type { z } from 'zod';
import { REFUSALS, type RefusalDeclaration, type RefusalName } from '../refusals/catalogue.js';
import { GENERIC } from './refusal-answer.js';

/**
 * A route's refusals for its `schema.response`: each status with the codes it may carry (from
 * the catalogue), so the OpenAPI document and the answers come from one line each.
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

/** The codes answered with a status, in the catalogue's order. */
export function codesOfStatus(status: number): ErrorCode[] {
  const codes = Object.values(REFUSALS as Record<string, RefusalDeclaration<never>>)
    .filter((line) => line.statuses.includes(status))
    .map((line) => line.code);
  return [...new Set(codes)];
}
