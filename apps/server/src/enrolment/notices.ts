/**
 * Telling people what happens to them (decision 055): each event writes a small
 * outbox row kept as data (decision 033) in the transaction that makes it happen, and the sender
 * composes the message at delivery (`noticeComposer`: the person's address and name from the
 * directory, the course and the centre's contact details in effect then, decision 073):
 *
 * - a cancellation and a removal by staff: in the transaction that deletes the place
 *   (`finishRemoval`);
 * - a join of the waiting list, with the position: in the transaction of the join;
 * - a promotion from the waiting list: the confirmation, written where it is (its data says
 *   'waiting-list-promotion', so the message says the waiting ended);
 * - a change of a course's meetings: one row per confirmed participant, in the transaction that
 *   stores the settings, only when the meetings in effect changed;
 * - a staff role given: right after the grant (staff/role-grants.ts);
 * - the reminder two days before a class starts: with the class's mark (class-reminders.ts).
 *
 * A course outside the content (tests' own courses) has nothing to tell, as for the confirmation.
 */
import type { FastifyBaseLogger } from 'fastify';
import { allCourses, type Course } from '@centro/content';
import type { StaffRoleName } from '@centro/contracts';
import type { Kysely } from 'kysely';
import { isEmailAddress } from '../config/parsers.js';
import { SETTINGS_COLUMNS } from '../courses/course-store.js';
import { type CourseReader, effectiveMeetings } from '../courses/effective-course.js';
import type { Database } from '../db/schema.js';
import type { Directory } from '../directory/directory.js';
import {
  composeCourseNotice,
  composeStaffRoleGranted,
  composeWaitingListJoined,
} from '../mail/compose.js';
import type { Mail } from '../mail/mail.js';
import type { MessageCentre } from '../mail/messages/layout.js';
import { type DataMailRow, insertDataRows } from '../mail/outbox.js';
import type { CourseNoticeKind, MailComposer, MailData } from '../mail/types.js';

type Db = Kysely<Database>;
/** Work on a class (`classId`) in the transaction under its lock. */
type ClassWork<T> = (trx: Db, classId: string) => Promise<T>;

/** The notices the enrolment writes (rows for its own transactions; null: none). */
export interface EnrolmentNotices {
  /** 'enrolment-cancelled' or 'enrolment-removed'. */
  place(
    kind: Extract<CourseNoticeKind, 'enrolment-cancelled' | 'enrolment-removed'>,
    userId: string,
    courseSlug: string,
  ): DataMailRow | null;
  /** The person's place on the waiting list. */
  joined(userId: string, courseSlug: string, position: number): DataMailRow | null;
}

/** No notice at all (a service built without mail). */
export const NO_NOTICES: EnrolmentNotices = { place: () => null, joined: () => null };

/** The notices staff actions write. */
export interface StaffNotices {
  /** After the role was granted at `at`: the person learns it (not when they held it already). */
  roleGranted(personId: string, role: StaffRoleName, at: Date): Promise<void>;
  /**
   * `work` (a change of a class's settings, in the class's transaction) followed, when the
   * meetings in effect changed, by a notice to every confirmed participant of the class in that
   * transaction.
   */
  withMeetingNotices<T>(course: Course, work: ClassWork<T>): ClassWork<T>;
}

export const NO_STAFF_NOTICES: StaffNotices = {
  roleGranted: () => Promise.resolve(),
  withMeetingNotices: (_course, work) => work,
};

const contentSlugs = () => new Set(allCourses().map((c) => c.slug));

export function enrolmentNotices(options: {
  mail: Pick<Mail, 'enqueueData'>;
  courseSlugs?: Iterable<string>;
}): EnrolmentNotices {
  const slugs = new Set(options.courseSlugs ?? contentSlugs());
  const row = (data: MailData) =>
    'courseSlug' in data && !slugs.has(data.courseSlug) ? null : options.mail.enqueueData(data);
  return {
    place: (kind, personId, courseSlug) => row({ kind, personId, courseSlug }),
    joined: (personId, courseSlug, position) =>
      row({ kind: 'waiting-list-joined', personId, courseSlug, position }),
  };
}

/** The class's meetings in effect, read in `trx`. */
async function meetingsIn(trx: Db, course: Course, classId: string): Promise<string> {
  const row = await trx
    .selectFrom('classes')
    .select(['places', ...SETTINGS_COLUMNS])
    .where('id', '=', classId)
    .executeTakeFirst();
  return JSON.stringify(row ? effectiveMeetings(course, row) : null);
}

export function staffNotices(options: {
  database: { db: Db };
  mail: Pick<Mail, 'enqueueData'>;
  courseSlugs?: Iterable<string>;
}): StaffNotices {
  const slugs = new Set(options.courseSlugs ?? contentSlugs());
  return {
    async roleGranted(personId, role, at) {
      // The grant keeps the first grant's time: a role held already was not given now.
      const granted = await options.database.db
        .selectFrom('staff_roles')
        .select('granted_at')
        .where('person_id', '=', personId)
        .where('role', '=', role)
        .executeTakeFirst();
      if (granted?.granted_at !== at.toISOString()) return;
      const row = options.mail.enqueueData({ kind: 'staff-role-granted', personId, role });
      await insertDataRows(options.database.db, [row]);
    },
    withMeetingNotices: (course, work) => async (trx, classId) => {
      if (!slugs.has(course.slug)) return work(trx, classId);
      const before = await meetingsIn(trx, course, classId);
      const result = await work(trx, classId);
      if ((await meetingsIn(trx, course, classId)) === before) return result;
      const people = await trx
        .selectFrom('enrolments')
        .select('user_id')
        .where('class_id', '=', classId)
        .where('status', '=', 'confirmed')
        .execute();
      await insertDataRows(
        trx,
        people.map((p) =>
          options.mail.enqueueData({
            kind: 'course-meetings-changed',
            personId: p.user_id,
            courseSlug: course.slug,
          }),
        ),
      );
      return result;
    },
  };
}

/**
 * Composes every message kept as data at delivery: the confirmation (`confirmation`, also for a
 * promotion) and the notices. A person without a valid address, or gone, or a course gone from the
 * content, gets nothing (the row is dropped); the log names the kind and course only.
 */
export function noticeComposer(options: {
  directory: Pick<Directory, 'getUser'>;
  courseOf: CourseReader;
  siteUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  confirmation: MailComposer;
  /** The centre as published at delivery (decision 073). */
  centre: () => MessageCentre;
}): MailComposer {
  const person = async (data: MailData) => {
    const user = await options.directory.getUser(data.personId);
    const to = user?.mail?.trim() ?? '';
    if (user && isEmailAddress(to)) return { to, personName: user.displayName?.trim() ?? '' };
    options.log.warn(
      { ...('courseSlug' in data ? { course: data.courseSlug } : {}), mail: { kind: data.kind } },
      user
        ? 'notice not sent: the person has no valid e-mail address'
        : 'notice not sent: the person is no longer in the directory',
    );
    return null;
  };
  return async (data) => {
    if (data.kind === 'enrolment-confirmation' || data.kind === 'waiting-list-promotion') {
      return options.confirmation(data);
    }
    const { siteUrl } = options;
    if (data.kind === 'staff-role-granted') {
      const who = await person(data);
      return (
        who &&
        composeStaffRoleGranted({ centre: options.centre(), to: who.to, role: data.role, siteUrl })
      );
    }
    // The person's class's meetings (decision 052), else the course's current class's.
    const course = await options.courseOf.forPerson(data.courseSlug, data.personId);
    if (!course) return null;
    const who = await person(data);
    if (!who) return null;
    const centre = options.centre();
    if (data.kind === 'waiting-list-joined') {
      return composeWaitingListJoined({ centre, ...who, course, siteUrl, position: data.position });
    }
    return composeCourseNotice({ centre, kind: data.kind, ...who, course, siteUrl });
  };
}
