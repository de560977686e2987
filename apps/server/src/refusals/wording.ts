/**
 * How the catalogue's lines are written (catalogue.ts): a line's declaration, and the words its
 * messages share (a wait in minutes or seconds, an instant on São Paulo's clock). A leaf module,
 * like the catalogue.
 */
import type { ErrorCode as C } from '@centro/contracts';
import { formatTime, wallClockAt } from '@centro/content';

/** "N minutos" for a Retry-After in seconds (at least 1 minute). */
export function waitMinutes(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

/** "N segundos" for a Retry-After in seconds (at least 1 second). */
export function waitSeconds(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
}

/** An instant as São Paulo's clock shows it: "11/03/2027 às 09h00". */
export function instantText(instant: string): string {
  const at = wallClockAt(instant);
  return `${at.day}/${at.month}/${at.year} às ${formatTime(`${at.hour}:${at.minute}`)}`;
}

/** What one line declares. */
export interface RefusalDeclaration<Details = never> {
  /** The statuses it is answered with: the first, unless the thrower chose another of them. */
  readonly statuses: readonly [number, ...number[]];
  readonly code: C;
  /** The answer's pt-BR sentence (without details, and in the OpenAPI document). */
  readonly message: string;
  /** The sentence when the refusal carries details. */
  readonly say?: (details: Details) => string;
}

/** One line of the catalogue (types its statuses and details for the throwers). */
export function refusal<const S extends readonly [number, ...number[]], Details = never>(
  statuses: S,
  code: C,
  message: string,
  say?: (details: Details) => string,
): RefusalDeclaration<Details> & { readonly statuses: S } {
  return say ? { statuses, code, message, say } : { statuses, code, message };
}

/** A sentence written by the thrower (it names the field or the setting). */
export const own = ({ message }: { message: string }) => message;
