/**
 * A class's meetings changed one at a time by Coordenação (decision 091): skip a date, cancel,
 * move, add, undo. The change is written on the class (`classes.meeting_changes`) under the
 * class's lock, like its settings; since the meetings in effect then differ, the same transaction
 * raises the class's calendar SEQUENCE and writes 'Mudança nos encontros' to every confirmed
 * participant, with the changed dates (a cancellation's message among them) and the new `.ics`
 * (`withMeetingNotices`, decisions 055 and 076).
 */
import { classMeetings } from '@centro/content';
import type { StaffMeetingChangeRequest, StaffMeetingChangeResponse } from '@centro/contracts';
import { SETTINGS_COLUMNS } from '../courses/course-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import { staffMeetings, writeMeetingChanges } from '../courses/meeting-changes.js';
import { Refusal } from '../refusals/refusal.js';
import { record, type StaffActor, type ClassContext } from './context.js';
import { StaffCourseNotFoundError } from '../staff/errors.js';
import { changedMeetings } from './meeting-rules.js';

/**
 * @throws StaffCourseNotFoundError, Refusal classNotFound, classReadOnly, meetingNotFound,
 *   meetingPast
 */
export async function changeMeeting(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  classId: string,
  request: StaffMeetingChangeRequest,
): Promise<StaffMeetingChangeResponse> {
  const course = ctx.courses.get(slug);
  if (!course) throw new StaffCourseNotFoundError();
  const found = await ctx.classes.byId(classId);
  if (found?.course_slug !== slug) throw new Refusal('classNotFound');
  let notified = 0;
  const meetings = await ctx.enrolment.changeClass(
    classId,
    ctx.notices.withMeetingNotices(
      course,
      async (trx) => {
        // Read under the lock: two changes at once each see the other's.
        const row = await trx
          .selectFrom('classes')
          .select(['state', 'places', ...SETTINGS_COLUMNS])
          .where('id', '=', classId)
          .executeTakeFirstOrThrow();
        if (row.state === 'concluded') throw new Refusal('classReadOnly');
        const changes = changedMeetings(effectiveMeetings(course, row), request, ctx.now());
        if (typeof changes === 'string') throw new Refusal(changes);
        await trx
          .updateTable('classes')
          .set({
            meeting_changes: writeMeetingChanges(changes),
            updated_at: ctx.now().toISOString(),
          })
          .where('id', '=', classId)
          .execute();
        return effectiveMeetings(course, { ...row, meeting_changes: writeMeetingChanges(changes) });
      },
      (people) => (notified = people),
    ),
  );
  await record(ctx, actor, 'class.meetings', {
    course: slug,
    details: { class: classId, kind: request.kind, date: request.date, notified },
  });
  return { meetings: staffMeetings(classMeetings(meetings), meetings.changes), notified };
}
