/**
 * Check-in at the door by QR code (decision 097): whose a scanned token is, for the class being
 * marked. The mark itself is the attendance's (attendance.ts), sent by the volunteer's device
 * through its queue (decision 089), so a code read offline is marked the same way.
 */
import type { StaffCheckInResponse } from '@centro/contracts';
import { scheduledMeetings } from '@centro/content';
import { effectiveMeetings } from '../courses/effective-course.js';
import { classOf, record, type StaffActor, type ClassContext } from './context.js';
import { StaffCourseNotFoundError } from '../staff/errors.js';

/**
 * The person of the class whose QR code holds `token`, with their stored mark at `meeting`; or the
 * other class the code is for; or nothing. A person found is recorded as seen by the volunteer, as
 * the attendance list records the people it showed; a code of no enrolment names nobody and is not.
 * @throws StaffCourseNotFoundError (no such course or meeting), Refusal classNotFound
 */
export async function checkIn(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  meeting: number,
  token: string,
  turma?: string,
): Promise<StaffCheckInResponse> {
  const { course, row } = await classOf(ctx, slug, turma);
  // The meetings held (decision 091): a cancelled or skipped date is no meeting to check in to.
  if (!scheduledMeetings(effectiveMeetings(course, row))[meeting - 1])
    throw new StaffCourseNotFoundError();
  const found = await ctx.roster.enrolmentByCheckInToken(token);
  if (!found) return { result: 'notFound' };
  const details = { class: row.id, meeting };
  if (found.classId !== row.id) {
    const other = await ctx.classes.byId(found.classId);
    await record(ctx, actor, 'attendance.checkIn', {
      course: slug,
      subject: found.personId,
      details: { ...details, otherClass: found.classId },
    });
    return {
      result: 'otherClass',
      course: ctx.courses.get(found.courseSlug)?.title ?? found.courseSlug,
      turma: other?.name ?? '',
    };
  }
  const [user, marks] = await Promise.all([
    ctx.directory.getUser(found.personId),
    ctx.roster.attendance(row.id, meeting),
  ]);
  await record(ctx, actor, 'attendance.checkIn', {
    course: slug,
    subject: found.personId,
    details,
  });
  return {
    result: 'thisClass',
    personId: found.personId,
    name: user?.displayName ?? '',
    present: marks.get(found.personId) ?? null,
  };
}
