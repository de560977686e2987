/** The staff area's first page: every course with its places, waiting list and attendance. */
import { scheduledMeetings } from '@centro/content';
import type { StaffCourseSummary } from '@centro/contracts';
import { effectiveMeetings } from '../courses/effective-course.js';
import { classEnrolmentState } from './class-rules.js';
import { record, type StaffActor, type ClassContext } from './context.js';

export async function overview(
  ctx: ClassContext,
  actor: StaffActor,
): Promise<StaffCourseSummary[]> {
  const [rows, classes, counts, waiting] = await Promise.all([
    ctx.courseStore.all(),
    ctx.classes.all(),
    ctx.roster.presentCounts(),
    ctx.enrolment.waitingCounts(),
  ]);
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const now = ctx.now().toISOString();
  const summaries: StaffCourseSummary[] = [];
  for (const course of ctx.courses.values()) {
    const row = bySlug.get(course.slug);
    const current = row && classes.get(row.class_id);
    if (!row || !current) continue;
    const meetings = effectiveMeetings(course, row);
    const present = counts.get(course.slug);
    summaries.push({
      slug: course.slug,
      title: course.title,
      programme: course.programme,
      places: row.places,
      enrolled: row.taken,
      waiting: waiting.get(course.slug) ?? 0,
      state: classEnrolmentState(
        { state: row.state, opensAt: row.enrolment_opens_at, closesAt: row.enrolment_closes_at },
        now,
      ),
      opensAt: row.enrolment_opens_at,
      closesAt: row.enrolment_closes_at,
      meetings: meetings.count,
      schedule: scheduledMeetings(meetings).map((m) => ({
        date: m.date,
        start: m.start.toISOString(),
      })),
      attendance: Array.from({ length: meetings.count }, (_, i) => present?.get(i + 1) ?? 0),
      hasInvite: (row.invite_code ?? course.inviteCode) !== null,
      className: current.name,
      classState: current.state,
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
