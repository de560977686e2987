/** Plain constants, safe for the browser bundle (no validation library). */

/** Slugs of the two course programmes; also the first path segment of their pages. */
export const programmeSlugs = ['global-kardec', 'escola-de-mediuns'] as const;

/** Days of the week, in the order of JavaScript's `Date.getDay()` (0 = Sunday). */
export const weekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

/** Time zone of every course meeting's date and time. */
export const MEETING_TIME_ZONE = 'America/Sao_Paulo';

/**
 * Months after a course's last meeting when its enrolment data are anonymised: what the privacy
 * notice promises, and the server's default (`RETENTION_MONTHS_AFTER_COURSE`).
 */
export const RETENTION_MONTHS_AFTER_COURSE = 24;
