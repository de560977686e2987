/**
 * The one way the website checks an API answer (decision 042): the fields a screen reads must be
 * there with the kind the contracts' schema gives them (a type, or one of a few values); the rest is
 * the server's, which serialises it with those schemas. Zod stays out of the browser (the public
 * pages' budget): a shape here is its few-hundred-byte stand-in, for every screen.
 */
import { isRecord } from './api-client';
import { UnexpectedAnswerError } from './api-error';

/** A field's kind: a JSON type, or the values it may take (`['enrolled', 'waiting']`, `[true]`). */
export type Kind =
  'string' | 'number' | 'boolean' | 'array' | 'object' | readonly (string | number | boolean)[];

/** The fields a screen reads, with their kinds. */
export type Shape = Readonly<Record<string, Kind>>;

const typeOf = (value: unknown): string =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;

/** The first field of `shape` that `value` lacks or holds with another kind. */
const missingField = (value: unknown, shape: Shape): string | undefined =>
  Object.entries(shape).find(([key, kind]) => {
    const field = isRecord(value) ? value[key] : undefined;
    return typeof kind === 'string'
      ? typeOf(field) !== kind
      : !kind.includes(field as string | number | boolean);
  })?.[0];

/** True when `value` is an object with every field of `shape` (to keep the good items of a list). */
export const hasShape = <T>(value: unknown, shape: Shape): value is T =>
  missingField(value, shape) === undefined;

/** `value` as `T` when it has `shape`, else an UnexpectedAnswerError naming `url` and the field. */
export function checked<T>(value: unknown, url: string, shape: Shape): T {
  const missing = missingField(value, shape);
  if (missing !== undefined) throw new UnexpectedAnswerError(`${url} answered without ${missing}`);
  return value as T;
}
