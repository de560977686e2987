/** Attendance per meeting: the list to mark, and the marks of the people enrolled. */
import { addDays, canMark, scheduledMeetings } from '@centro/content';
import { effectiveMeetings } from '../courses/effective-course.js';
import { Refusal } from '../refusals/refusal.js';
import { StaffCourseNotFoundError } from './errors.js';
import { collator, courseRow, record, type StaffActor, type StaffContext } from './context.js';
import type { AttendanceSheet } from './exports.js';
import { enrolledPeople } from './participants.js';

/** YYYY-MM-DD of a meeting (weekly from the first: the e-mails' and the calendar's dates). */
export function meetingDate(firstMeeting: string, meeting: number): string {
  return addDays(firstMeeting, 7 * (meeting - 1));
}

/** Every meeting's date and the marks of the course, for the export. */
export async function courseAttendance(ctx: StaffContext, slug: string): Promise<AttendanceSheet> {
  const { course, row } = await courseRow(ctx, slug);
  const meetings = effectiveMeetings(course, row);
  const numbers = Array.from({ length: meetings.count }, (_, i) => i + 1);
  const byMeeting = await Promise.all(numbers.map((n) => ctx.repository.attendance(slug, n)));
  const marks = new Map<string, Map<number, boolean>>();
  byMeeting.forEach((m, i) => {
    for (const [person, present] of m) {
      const own = marks.get(person) ?? new Map<number, boolean>();
      own.set(i + 1, present);
      marks.set(person, own);
    }
  });
  return { dates: numbers.map((n) => meetingDate(meetings.firstMeeting, n)), marks };
}

export async function attendance(
  ctx: StaffContext,
  actor: StaffActor,
  slug: string,
  meeting: number,
) {
  const { course, row } = await courseRow(ctx, slug);
  const meetings = effectiveMeetings(course, row);
  if (meeting > meetings.count) throw new StaffCourseNotFoundError();
  const [{ people }, marks] = await Promise.all([
    enrolledPeople(ctx, slug),
    ctx.repository.attendance(slug, meeting),
  ]);
  people.sort((a, b) => collator.compare(a.name, b.name));
  await record(ctx, actor, 'attendance.view', {
    course: slug,
    details: { meeting, rows: people.length },
  });
  return {
    meeting,
    date: meetingDate(meetings.firstMeeting, meeting),
    marks: people.map((p) => ({
      personId: p.id,
      name: p.name,
      present: marks.get(p.id) ?? null,
    })),
  };
}

export async function markAttendance(
  ctx: StaffContext,
  actor: StaffActor,
  slug: string,
  meeting: number,
  marks: readonly { personId: string; present: boolean }[],
) {
  const { course, row } = await courseRow(ctx, slug);
  const scheduled = scheduledMeetings(effectiveMeetings(course, row))[meeting - 1];
  if (!scheduled) throw new StaffCourseNotFoundError();
  // A meeting that has not happened yet has no attendance (issue 30): the screen says the same.
  if (!canMark(scheduled.start, ctx.now())) {
    throw new Refusal('meetingNotYet', { details: { start: scheduled.start.toISOString() } });
  }
  const enrolled = new Set((await ctx.repository.enrolments(slug)).map((e) => e.personId));
  const known = marks.filter((m) => enrolled.has(m.personId));
  await ctx.repository.markAttendance(slug, meeting, known, actor.id, ctx.now());
  await record(ctx, actor, 'attendance.update', {
    course: slug,
    details: {
      meeting,
      present: known.filter((m) => m.present).length,
      absent: known.filter((m) => !m.present).length,
    },
  });
}
