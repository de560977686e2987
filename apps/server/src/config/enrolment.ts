/** The enrolment's part of the environment: when an unfinished enrolment is settled. */
import { integerRange } from './parsers.js';

export const enrolmentEnv = {
  // 0 settles every pending row at start-up: only for a single instance (and tests).
  ENROLMENT_REPAIR_AFTER_SECONDS: integerRange(
    60,
    0,
    86_400,
    'the age in seconds after which an unfinished enrolment is settled with the directory, a whole number',
  ),
};
