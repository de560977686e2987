/**
 * The enrolment's part of the environment: when an unfinished enrolment is settled, how often the
 * classes to remind are looked for, and how long a course's enrolment data are kept after its last
 * meeting.
 */
import { RETENTION_MONTHS_AFTER_COURSE } from '@centro/content';
import { integerRange } from './parsers.js';

export const enrolmentEnv = {
  // 0 settles every pending row at start-up: only for a single instance (and tests).
  ENROLMENT_REPAIR_AFTER_SECONDS: integerRange(
    60,
    0,
    86_400,
    'the age in seconds after which an unfinished enrolment is settled with the directory, a whole number',
  ),
  // Each class is reminded once whatever the period (decision 058); tests shorten it (decision 072).
  CLASS_REMINDERS_EVERY_SECONDS: integerRange(
    60,
    1,
    86_400,
    'how often in seconds the classes to remind are looked for, a whole number',
  ),
  RETENTION_MONTHS_AFTER_COURSE: integerRange(
    RETENTION_MONTHS_AFTER_COURSE,
    1,
    1200,
    "the months after a course's last meeting when its enrolment data are anonymised, a whole number",
  ),
};
