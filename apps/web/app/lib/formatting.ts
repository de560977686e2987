/**
 * Section 5's phone and birth-date formatters, pure: one source of truth in
 * `@centro/contracts/formatting` (zod-free, so the browser bundle stays small), re-exported here for
 * the screens, with the small helpers the screens share.
 */
export {
  formatBirthDate,
  formatPhone,
  isPlausibleBirthDate,
  personBirthDate,
  personPhone,
  type FormatResult,
} from '@centro/contracts/formatting';
