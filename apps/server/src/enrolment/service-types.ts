/**
 * The enrolment service's vocabulary (service.ts): what it is given and what it answers.
 */
import type { CourseRow, CourseSettingsColumns } from '../courses/course-store.js';
import type { ConfirmationMail } from './confirmation-mail.js';
import type { EnrolmentNotices } from './notices.js';
import type { Log } from '../logging.js';
import type { EnrolmentRepository } from './repository.js';
import type { Directory } from '../directory/directory.js';

/** A course as the routes know it from the content: its slug and its group. */
export type CourseSlugAndGroup = Pick<CourseRow, 'slug' | 'groupId'>;

export interface EnrolResult {
  /** True when the person was enrolled before this request (no place was taken). */
  alreadyEnrolled: boolean;
}

/** `EnrolResult` with the course's settings as the enrolment read them (with the places). */
export interface EnrolReading extends EnrolResult {
  settings: CourseSettingsColumns;
}

/** Where a person stands in a course after joining its waiting list. */
export interface JoinResult {
  /** `waiting`, or `pending`/`enrolled` when the person was promoted at once (or held a place). */
  state: 'waiting' | 'pending' | 'enrolled';
  /** Position on the list (1: next), null unless waiting. */
  position: number | null;
}

export interface EnrolmentServiceOptions {
  /** The confirmation e-mail written with each confirmation (none: no e-mail). */
  confirmationMail?: ConfirmationMail;
  /** What the person is told of a cancellation, removal or waiting list (none: nothing). */
  notices?: EnrolmentNotices;
  repository: EnrolmentRepository;
  directory: Directory;
  /** Logger of the service's own work (repairs); requests pass theirs to `enrol`. */
  log?: Log;
  /** The clock (tests). */
  now?: () => Date;
  /** Refuses a person who may not enrol yet (EmailNotVerifiedError); none: everyone may. */
  requireVerifiedEmail?: (userId: string) => Promise<void>;
  /** Refuses a person without the course's prerequisites (prerequisite-check.ts); none: no check. */
  requirePrerequisites?: (userId: string, courseSlug: string) => Promise<void>;
}
