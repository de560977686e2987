/**
 * The enrolment's confirmation e-mail (`ConfirmationMail`, which the enrolment calls), kept as its
 * data (decision 033): the enrolment writes a small outbox row (the kind, the person's id, the
 * course) in the transaction that confirms it, and the sender composes the message at delivery
 * (`enrolmentConfirmationComposer`): the person's address and name from the directory (local
 * directory: the account; Graph: `mail` and `displayName`), the course in effect then (the content
 * with the staff's settings: invite code, meetings) and the centre's contact details published then
 * (decision 073).
 *
 * A person without a valid address gets no message: the sender drops the row; the log says so,
 * with the course only (never an address or a name).
 */
import type { FastifyBaseLogger } from 'fastify';
import { allCourses } from '@centro/content';
import type { CourseReader } from '../courses/effective-course.js';
import { checkInPng } from '../check-in/check-in-code.js';
import type { CheckInTokenOf } from '../check-in/check-in-tokens.js';
import { isEmailAddress } from '../config/parsers.js';
import type { Directory } from '../directory/directory.js';
import { composeEnrolmentConfirmation } from '../mail/compose.js';
import type { Mail } from '../mail/mail.js';
import type { MessageCentre } from '../mail/messages/layout.js';
import type { DataMailRow } from '../mail/outbox.js';
import type { MailComposer } from '../mail/types.js';

/**
 * The confirmation e-mail of an enrolment, as the outbox row to write in the transaction that
 * confirms it (null: none). Called once the directory has added the person; a throw is a
 * directory failure (the place is given back, or the repair retries).
 */
export type ConfirmationMail = (
  userId: string,
  courseSlug: string,
  /** The place came from the waiting list: the message says the waiting ended. */
  promoted?: boolean,
) => Promise<DataMailRow | null>;

/** The confirmation as the outbox row to write when the enrolment is confirmed. */
export function enrolmentConfirmationMail(options: {
  mail: Pick<Mail, 'enqueueData'>;
  /** The courses that have a message (default: the content's). */
  courseSlugs?: Iterable<string>;
}): ConfirmationMail {
  const slugs = new Set(options.courseSlugs ?? allCourses().map((c) => c.slug));
  return (userId, courseSlug, promoted = false) =>
    // A course outside the content (tests' own courses) has nothing to tell.
    Promise.resolve(
      slugs.has(courseSlug)
        ? options.mail.enqueueData({
            kind: promoted ? 'waiting-list-promotion' : 'enrolment-confirmation',
            personId: userId,
            courseSlug,
          })
        : null,
    );
}

/** Composes a confirmation kept as data, at delivery (see `MailComposer`). */
export function enrolmentConfirmationComposer(options: {
  directory: Pick<Directory, 'getUser'>;
  /** The course in effect, by slug. */
  courseOf: CourseReader;
  /** The public origin (SITE_URL), for the course's link. */
  siteUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The centre as published at delivery (decision 073). */
  centre: () => MessageCentre;
  /** The place's QR code token (decision 097); none: the message goes without the code. */
  checkInToken?: CheckInTokenOf;
}): MailComposer {
  return async (data) => {
    if (!('courseSlug' in data)) return null;
    // The person's class's meetings and invite code (decision 052).
    const course = await options.courseOf.forPerson(data.courseSlug, data.personId);
    if (!course) return null;
    const user = await options.directory.getUser(data.personId);
    const to = user?.mail?.trim() ?? '';
    if (!user || !isEmailAddress(to)) {
      options.log.warn(
        { course: data.courseSlug, mail: { kind: data.kind } },
        user
          ? 'enrolment confirmed without a message: the person has no valid e-mail address'
          : 'enrolment confirmed without a message: the person is no longer in the directory',
      );
      return null;
    }
    const token = await options.checkInToken?.(data.personId, data.courseSlug);
    return composeEnrolmentConfirmation({
      centre: options.centre(),
      course,
      to,
      personName: user.displayName?.trim() ?? '',
      siteUrl: options.siteUrl,
      ...(data.kind === 'waiting-list-promotion' ? { promoted: true } : {}),
      ...(token ? { checkInPng: (await checkInPng(token)).toString('base64') } : {}),
    });
  };
}
