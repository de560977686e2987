/**
 * The body of a course's settings as the staff screen saves them (`POST …/settings`): all nine
 * fields, each unset (null) but those a test sets, so that a test names only what it is about.
 */
import { type StaffCourseSettings, UNSET_COURSE_SETTINGS } from '@centro/contracts';

export const courseSettings = (changes: Partial<StaffCourseSettings> = {}) => ({
  ...UNSET_COURSE_SETTINGS,
  ...changes,
});
