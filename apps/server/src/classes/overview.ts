/**
 * The staff area's first page: every course with the class its screens open on (decision 077:
 * the class that meets today or is under way, never a newer one only because it takes
 * enrolments), its places, waiting list and attendance.
 */
import { scheduledMeetings } from '@centro/content';
import { currentClassOf } from '@centro/contracts/class-status';
import type { StaffCourseSummary } from '@centro/contracts';
import { effectiveMeetings } from '../courses/effective-course.js';
import { classEnrolmentState } from './class-rules.js';
import type { ClassRow } from './class-store.js';
import { record, type StaffActor, type ClassContext } from './context.js';

const byAge = (a: ClassRow, b: ClassRow) =>
  a.created_at === b.created_at
    ? a.id.localeCompare(b.id)
    : a.created_at.localeCompare(b.created_at);

export async function overview(
  ctx: ClassContext,
  actor: StaffActor,
): Promise<StaffCourseSummary[]> {
  const [classes, counts, waiting] = await Promise.all([
    ctx.classes.all(),
    ctx.roster.presentCounts(),
    ctx.enrolment.waitingCounts(),
  ]);
  const rows = [...classes.values()].sort(byAge);
  const now = ctx.now();
  const summaries: StaffCourseSummary[] = [];
  for (const course of ctx.courses.values()) {
    // Each class with its meetings in effect: the one to open on is chosen by its days.
    const own = rows
      .filter((r) => r.course_slug === course.slug)
      .map((row) => {
        const meetings = effectiveMeetings(course, row);
        const schedule = scheduledMeetings(meetings).map((m) => ({
          date: m.date,
          start: m.start.toISOString(),
        }));
        return { row, meetings, schedule, state: row.state };
      });
    const shown = currentClassOf(own, now);
    if (!shown) continue;
    const { row, meetings, schedule } = shown;
    const present = counts.get(row.id);
    summaries.push({
      slug: course.slug,
      title: course.title,
      programme: course.programme,
      places: row.places,
      enrolled: row.taken,
      waiting: waiting.get(row.id) ?? 0,
      state: classEnrolmentState(
        { state: row.state, opensAt: row.enrolment_opens_at, closesAt: row.enrolment_closes_at },
        now.toISOString(),
      ),
      opensAt: row.enrolment_opens_at,
      closesAt: row.enrolment_closes_at,
      // The meetings held (decision 091), numbered as attendance numbers them.
      meetings: schedule.length,
      schedule,
      attendance: schedule.map((_, i) => present?.get(i + 1) ?? 0),
      hasInvite: (row.invite_code ?? course.inviteCode) !== null,
      classId: row.id,
      className: row.name,
      classState: row.state,
      firstMeeting: meetings.firstMeeting,
      weekday: meetings.weekday,
      time: meetings.time,
      durationMinutes: meetings.durationMinutes,
      room: meetings.room,
    });
  }
  await record(ctx, actor, 'overview.view', { details: { courses: summaries.length } });
  return summaries;
}
