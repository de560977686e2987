/**
 * Section 5's phone and birth-date formatters, pure: one source of truth in
 * `@centro/contracts/formatting` (zod-free, so the browser bundle stays small), re-exported here for
 * the screens, with the small helpers the screens share.
 */
export {
  formatBirthDate,
  formatPhone,
  isPlausibleBirthDate,
  type FormatResult,
} from '@centro/contracts/formatting';

/**
 * A birth date as the directory may hold it, as "DD/MM/YYYY" when it can be read: Graph's
 * ISO "1990-12-25T00:00:00Z" is turned around; anything else goes through section 5's formatter.
 */
export function birthDateDigitsOf(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T|$)/.exec(value.trim());
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}
