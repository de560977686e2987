/**
 * The body of a course's settings as the staff screen saves them (`POST …/settings`): all nine
 * fields, each empty (null) but those a test sets, so that a test names only what it is about.
 */
import type { StaffCourseSettings } from '@centro/contracts';

export const courseSettings = (changes: Partial<StaffCourseSettings> = {}) => ({
  places: null,
  inviteCode: null,
  opensAt: null,
  closesAt: null,
  firstMeeting: null,
  time: null,
  count: null,
  durationMinutes: null,
  room: null,
  ...changes,
});
