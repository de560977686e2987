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
 *   stores the settings, only when the meetings in effect changed (which raises the class's
 *   calendar revision there too: decision 076);
 * - a move to another class by staff: the meetings' notice, in the transaction of the move
 *   (decision 090);
 * - a staff role given or taken back: right after the grant or the revocation (staff/role-grants.ts);
 * - the reminder two days before a class starts: with the class's mark (class-reminders.ts).
 *
 * A course outside the content (tests' own courses) has nothing to tell, as for the confirmation.
 */
import type { FastifyBaseLogger } from 'fastify';
import { allCourses, type Course } from '@centro/content';
import type { StaffRoleName } from '@centro/contracts';
import { isEmailAddress } from '../config/parsers.js';
import { SETTINGS_COLUMNS } from '../courses/course-store.js';
import { type CourseReader, effectiveMeetings } from '../courses/effective-course.js';
import type { Db } from '../db/schema.js';
import type { Directory } from '../directory/directory.js';
import {
  composeClassConcluded,
  composeClassReopened,
  composeCourseNotice,
  composeStaffRoleGranted,
  composeStaffRoleRevoked,
  composeWaitingListJoined,
} from '../mail/compose.js';
import type { Mail } from '../mail/mail.js';
import type { MessageCentre } from '../mail/messages/layout.js';
import { type DataMailRow, insertDataRows } from '../mail/outbox.js';
import type { CourseNoticeKind, MailComposer, MailData } from '../mail/types.js';

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
  /**
   * Moved to another class of the course by staff (decision 090): the meetings' notice, composed
   * at delivery from the person's class, the new one, with its calendar; the calendar cancels
   * the event of the class left (`left`), so it leaves the person's agenda (decision 091).
   */
  moved(userId: string, courseSlug: string, left?: string): DataMailRow | null;
}

/** No notice at all (a service built without mail). */
export const NO_NOTICES: EnrolmentNotices = {
  place: () => null,
  joined: () => null,
  moved: () => null,
};

/** The notices staff actions write. */
export interface StaffNotices {
  /**
   * After the role was granted at `at` (Monitor(a): of `of`, a class named by its course's title
   * and its name): the person learns it (not when they held it already).
   */
  roleGranted(personId: string, role: StaffRoleName, at: Date, of?: GrantedClass): Promise<void>;
  /** After the role was taken back (only when the person held it). */
  roleRevoked(personId: string, role: StaffRoleName, of?: GrantedClass): Promise<void>;
  /**
   * `work` (a change of a class's settings, in the class's transaction) followed, when the
   * meetings in effect changed, by a notice to every confirmed participant of the class in that
   * transaction; `told` hears how many were written (0: the meetings stayed the same).
   */
  withMeetingNotices<T>(
    course: Course,
    work: ClassWork<T>,
    told?: (people: number) => void,
  ): ClassWork<T>;
  /**
   * `work` (a change of a class's settings) followed, when it gave the class its first WhatsApp
   * invite, by the invite to every confirmed participant (told at enrolment it would come), once
   * per class: the class keeps when it was sent (decision 077).
   */
  withInviteNotices<T>(course: Course, at: Date, work: ClassWork<T>): ClassWork<T>;
  /** Each person's result in the class being concluded, in its transaction (decision 077). */
  classConcluded(
    trx: Db,
    course: Course,
    className: string,
    results: readonly Result[],
  ): Promise<void>;
  /** The class's confirmed people, told it was reopened, in its transaction (decision 077). */
  classReopened(
    trx: Db,
    course: Course,
    className: string,
    people: readonly string[],
  ): Promise<void>;
}

/** Monitor(a)'s class in a role's notice: its id, its course's title and its name. */
export interface GrantedClass {
  id: string;
  course: string;
  name: string;
}

/** A person's result in a concluded class, as the notice tells it. */
export interface Result {
  personId: string;
  concluded: boolean;
  present: number;
  meetings: number;
  minimumPercent: number;
}

export const NO_STAFF_NOTICES: StaffNotices = {
  roleGranted: () => Promise.resolve(),
  roleRevoked: () => Promise.resolve(),
  withMeetingNotices: (_course, work) => work,
  withInviteNotices: (_course, _at, work) => work,
  classConcluded: () => Promise.resolve(),
  classReopened: () => Promise.resolve(),
};

/** The confirmed participants of a class, read in `trx`. */
async function confirmedIn(trx: Db, classId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('enrolments')
    .select('user_id')
    .where('class_id', '=', classId)
    .where('status', '=', 'confirmed')
    .execute();
  return rows.map((r) => r.user_id);
}

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
    moved: (personId, courseSlug, left) =>
      row({
        kind: 'course-meetings-changed',
        personId,
        courseSlug,
        ...(left === undefined ? {} : { leftClass: left }),
      }),
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

/** A monitor's class as its notice names it (none for the roles of the whole centre). */
const namedClass = (of: GrantedClass | undefined) =>
  of ? { class: { course: of.course, name: of.name } } : {};

export function staffNotices(options: {
  database: { db: Db };
  mail: Pick<Mail, 'enqueueData'>;
  courseSlugs?: Iterable<string>;
}): StaffNotices {
  const slugs = new Set(options.courseSlugs ?? contentSlugs());
  return {
    async roleGranted(personId, role, at, of) {
      // The grant keeps the first grant's time: a role held already was not given now.
      const granted = await options.database.db
        .selectFrom('staff_roles')
        .select('granted_at')
        .where('person_id', '=', personId)
        .where('role', '=', role)
        .where((eb) => (of ? eb('class_id', '=', of.id) : eb('class_id', 'is', null)))
        .executeTakeFirst();
      if (granted?.granted_at !== at.toISOString()) return;
      const row = options.mail.enqueueData({
        kind: 'staff-role-granted',
        personId,
        role,
        ...namedClass(of),
      });
      await insertDataRows(options.database.db, [row]);
    },
    async roleRevoked(personId, role, of) {
      const row = options.mail.enqueueData({
        kind: 'staff-role-revoked',
        personId,
        role,
        ...namedClass(of),
      });
      await insertDataRows(options.database.db, [row]);
    },
    withMeetingNotices: (course, work, told) => async (trx, classId) => {
      told?.(0);
      const before = await meetingsIn(trx, course, classId);
      const result = await work(trx, classId);
      if ((await meetingsIn(trx, course, classId)) === before) return result;
      // A new revision of the class's calendar event (decision 076): the files sent from now on
      // replace the one people added.
      await trx
        .updateTable('classes')
        .set((eb) => ({ calendar_sequence: eb('calendar_sequence', '+', 1) }))
        .where('id', '=', classId)
        .execute();
      if (!slugs.has(course.slug)) return result;
      const people = await confirmedIn(trx, classId);
      await insertDataRows(
        trx,
        people.map((personId) =>
          options.mail.enqueueData({
            kind: 'course-meetings-changed',
            personId,
            courseSlug: course.slug,
          }),
        ),
      );
      told?.(people.length);
      return result;
    },
    async classConcluded(trx, course, className, results) {
      if (!slugs.has(course.slug)) return;
      await insertDataRows(
        trx,
        results.map((r) =>
          options.mail.enqueueData({
            kind: 'class-concluded',
            courseSlug: course.slug,
            className,
            ...r,
          }),
        ),
      );
    },
    async classReopened(trx, course, className, people) {
      if (!slugs.has(course.slug)) return;
      await insertDataRows(
        trx,
        people.map((personId) =>
          options.mail.enqueueData({
            kind: 'class-reopened',
            personId,
            courseSlug: course.slug,
            className,
          }),
        ),
      );
    },
    withInviteNotices: (course, at, work) => async (trx, classId) => {
      const invite = async () =>
        trx
          .selectFrom('classes')
          .select(['invite_code', 'invite_mailed_at'])
          .where('id', '=', classId)
          .executeTakeFirst();
      const before = await invite();
      const result = await work(trx, classId);
      const after = await invite();
      // The content's default invite counts: with one, nobody was told the link would come.
      const had = (before?.invite_code ?? course.inviteCode ?? null) !== null;
      const has = (after?.invite_code ?? course.inviteCode ?? null) !== null;
      if (had || !has || after?.invite_mailed_at !== null) return result;
      await trx
        .updateTable('classes')
        .set({ invite_mailed_at: at.toISOString() })
        .where('id', '=', classId)
        .execute();
      if (!slugs.has(course.slug)) return result;
      const people = await confirmedIn(trx, classId);
      await insertDataRows(
        trx,
        people.map((personId) =>
          options.mail.enqueueData({ kind: 'class-invite', personId, courseSlug: course.slug }),
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
    if (data.kind === 'staff-role-granted' || data.kind === 'staff-role-revoked') {
      const who = await person(data);
      if (!who) return null;
      const role = { role: data.role, ...(data.class ? { class: data.class } : {}) };
      return data.kind === 'staff-role-granted'
        ? composeStaffRoleGranted({ centre: options.centre(), to: who.to, ...role, siteUrl })
        : composeStaffRoleRevoked({ centre: options.centre(), to: who.to, ...role });
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
    if (data.kind === 'class-concluded') {
      const { className, concluded, present, meetings, minimumPercent } = data;
      return composeClassConcluded({
        ...{ centre, ...who, course, siteUrl },
        ...{ className, concluded, present, meetings, minimumPercent },
      });
    }
    if (data.kind === 'class-reopened') {
      return composeClassReopened({ centre, ...who, course, siteUrl, className: data.className });
    }
    // A move (decision 090): the class left, whose event the calendar file cancels.
    const left =
      data.kind === 'course-meetings-changed' && data.leftClass !== undefined
        ? await options.courseOf.forClass(data.courseSlug, data.leftClass)
        : undefined;
    return composeCourseNotice({
      centre,
      kind: data.kind,
      ...who,
      course,
      siteUrl,
      ...(left ? { left } : {}),
    });
  };
}
