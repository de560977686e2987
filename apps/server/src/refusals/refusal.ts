/**
 * The one base of the server's refusals: a name (a line of the catalogue, which gives its status,
 * code and pt-BR message) and, for the refusals whose message says more, its details. Domains and
 * adapters throw refusals and never choose an answer; the edge (plugins/refusal-answer.ts) answers
 * every one of them the same way. A leaf module: it imports nothing of the server but the catalogue.
 */
import { REFUSALS, type RefusalName } from './catalogue.js';

/** The statuses a refusal may be answered with. */
export type RefusalStatus<N extends RefusalName> = (typeof REFUSALS)[N]['statuses'][number];

/** What a refusal's message is worded from (`never` when its message is fixed). */
export type RefusalDetails<N extends RefusalName> = Parameters<
  NonNullable<(typeof REFUSALS)[N]['say']>
>[0];

export interface RefusalOptions<N extends RefusalName> {
  /** For the message (the catalogue's `say`). */
  details?: RefusalDetails<N>;
  /** One of the line's statuses (its first by default). */
  status?: RefusalStatus<N>;
  cause?: unknown;
  /** For the logs, in English (never answered). */
  message?: string;
  /** The request body's field the refusal is about, answered as `field`. */
  field?: string;
}

export class Refusal<N extends RefusalName = RefusalName> extends Error {
  override name = 'Refusal';
  /** The answer's status: one of the catalogue line's statuses. */
  readonly status: RefusalStatus<N>;
  readonly details: RefusalDetails<N> | undefined;
  readonly bodyField: string | undefined;
  constructor(
    /** Why: the catalogue's line. */
    readonly reason: N,
    options: RefusalOptions<N> = {},
  ) {
    super(
      options.message ?? `Refused (${reason}).`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.status = options.status ?? (REFUSALS[reason].statuses[0] as RefusalStatus<N>);
    this.details = options.details;
    this.bodyField = options.field;
  }
}

/**
 * A named class for a refusal with nothing to carry, for a domain that names its refusals
 * (`export const CourseNotFullError = refusalClass('CourseNotFullError', 'courseNotFull', 'The
 * course has a free place.')`): `instanceof` and the logs know it by that name.
 */
export function refusalClass<N extends RefusalName>(className: string, reason: N, message: string) {
  const named = class extends Refusal<N> {
    override name = className;
    constructor(options: { cause?: unknown } = {}) {
      super(reason, { message, cause: options.cause });
    }
  };
  Object.defineProperty(named, 'name', { value: className });
  return named;
}
