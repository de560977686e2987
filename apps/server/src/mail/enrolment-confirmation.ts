/**
 * The enrolment's confirmation e-mail, as the enrolment writes it (enrolment/service.ts's
 * `ConfirmationMail`): the person's address and name from the directory (local directory: the
 * account; Graph: `mail` and `displayName`), the course from the content, composed now and handed
 * over as the outbox's insert, which the enrolment runs in the transaction that confirms it.
 *
 * A person without a valid address is confirmed without a message; the log says so, with the
 * course only (never an address or a name).
 */
import { allCourses } from '@centro/content';
import type { FastifyBaseLogger } from 'fastify';
import { isEmailAddress } from '../config/parsers.js';
import { DirectoryUserNotFoundError, type Directory } from '../directory/directory.js';
import type { ConfirmationMail } from '../enrolment/service.js';
import { composeEnrolmentConfirmation } from './compose.js';
import type { Mail } from './mail.js';

export function enrolmentConfirmationMail(options: {
  mail: Pick<Mail, 'enqueueQuery'>;
  directory: Pick<Directory, 'getUser'>;
  /** The public origin (SITE_URL), for the course's link. */
  siteUrl: string;
}): ConfirmationMail {
  const bySlug = new Map(allCourses().map((c) => [c.slug, c]));
  return async (userId, courseSlug, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) => {
    const course = bySlug.get(courseSlug);
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
        programme: course.programme,
        slug: course.slug,
        to,
        personName: user.displayName?.trim() ?? '',
        siteUrl: options.siteUrl,
      }),
    );
  };
}
