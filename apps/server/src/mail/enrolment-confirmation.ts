/**
 * The enrolment's confirmation e-mail, as the enrolment writes it (enrolment/service.ts's
 * `ConfirmationMail`): the person's address and name from the directory (local directory: the
 * account; Graph: `mail` and `displayName`), the course in effect (the content with the staff's
 * settings: invite code, meetings), composed now and handed over as the outbox's insert, which the
 * enrolment runs in the transaction that confirms it.
 *
 * A person without a valid address is confirmed without a message; the log says so, with the
 * course only (never an address or a name).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CourseReader } from '../courses/effective-course.js';
import { isEmailAddress } from '../config/parsers.js';
import { DirectoryUserNotFoundError, type Directory } from '../directory/directory.js';
import type { ConfirmationMail } from '../enrolment/service.js';
import { composeEnrolmentConfirmation } from './compose.js';
import type { Mail } from './mail.js';

export function enrolmentConfirmationMail(options: {
  mail: Pick<Mail, 'enqueueQuery'>;
  directory: Pick<Directory, 'getUser'>;
  /** The course in effect, by slug. */
  courseOf: CourseReader;
  /** The public origin (SITE_URL), for the course's link. */
  siteUrl: string;
}): ConfirmationMail {
  return async (userId, courseSlug, log: Pick<FastifyBaseLogger, 'info' | 'warn'>, settings) => {
    // The settings the enrolment read with the places (the same instant's row), else read now.
    const course = settings
      ? options.courseOf.inEffect(courseSlug, settings)
      : await options.courseOf(courseSlug);
    // A course outside the content (tests' own courses) has nothing to tell.
    if (!course) return null;
    const user = await options.directory.getUser(userId);
    if (!user) throw new DirectoryUserNotFoundError();
    const to = user.mail?.trim() ?? '';
    if (!isEmailAddress(to)) {
      log.warn(
        { course: courseSlug, mail: { kind: 'enrolment-confirmation' } },
        'enrolment confirmed without a message: the person has no valid e-mail address',
      );
      return null;
    }
    return options.mail.enqueueQuery(
      composeEnrolmentConfirmation({
        course,
        to,
        personName: user.displayName?.trim() ?? '',
        siteUrl: options.siteUrl,
      }),
    );
  };
}
