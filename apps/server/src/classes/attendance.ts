/** Attendance per meeting of a class: the list to mark, and the marks of the people enrolled. */
import type { StaffAttendanceMark } from '@centro/contracts';
import { canMark, markingOpensAt, scheduledMeetings } from '@centro/content';
import { effectiveMeetings } from '../courses/effective-course.js';
import { Refusal } from '../refusals/refusal.js';
import { StaffCourseNotFoundError } from '../staff/errors.js';
import {
  classOf,
  collator,
  record,
  type StaffActor,
  type ClassContext,
  writableClassOf,
} from './context.js';
import type { AttendanceSheet } from './exports.js';
import { enrolledPeople } from './class-people.js';

/**
 * When a mark was made, as the device says, bounded by what can be true: not before the meeting could
 * be marked (an hour before it starts) and not after now (a device's clock ahead would otherwise win
 * every later mark). No instant (an older client): now. Decision 089.
 */
export function deviceInstant(markedAt: string | undefined, start: Date, now: Date): Date {
  if (markedAt === undefined) return now;
  const at = new Date(markedAt).getTime();
  const earliest = markingOpensAt(start).getTime();
  return new Date(Math.min(now.getTime(), Math.max(earliest, at)));
}

/** Every meeting's date and the marks of the class, for the export. */
export async function classAttendance(
  ctx: ClassContext,
  slug: string,
  turma?: string,
): Promise<AttendanceSheet> {
  const { course, row } = await classOf(ctx, slug, turma);
  // The meetings held (decision 091): a cancelled or skipped date has no column.
  const schedule = scheduledMeetings(effectiveMeetings(course, row));
  const numbers = schedule.map((m) => m.meeting);
  const [byMeeting, guests] = await Promise.all([
    Promise.all(numbers.map((n) => ctx.roster.attendance(row.id, n))),
    ctx.desk.guests(row.id),
  ]);
  const marks = new Map<string, Map<number, boolean>>();
  byMeeting.forEach((m, i) => {
    for (const [person, present] of m) {
      const own = marks.get(person) ?? new Map<number, boolean>();
      own.set(i + 1, present);
      marks.set(person, own);
    }
  });
  return {
    dates: schedule.map((m) => m.date),
    marks,
    guests: guests.map((g) => ({ meeting: g.meeting, name: g.name })),
  };
}

export async function attendance(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  meeting: number,
  turma?: string,
) {
  const { course, row } = await classOf(ctx, slug, turma);
  const scheduled = scheduledMeetings(effectiveMeetings(course, row))[meeting - 1];
  if (!scheduled) throw new StaffCourseNotFoundError();
  const [{ people, checkInTokens }, marks, guests] = await Promise.all([
    enrolledPeople(ctx, slug, row.id),
    ctx.roster.attendance(row.id, meeting),
    ctx.desk.guests(row.id, meeting),
  ]);
  people.sort((a, b) => collator.compare(a.name, b.name));
  await record(ctx, actor, 'attendance.view', {
    course: slug,
    subjects: people.map((p) => p.id),
    details: { class: row.id, meeting, rows: people.length },
  });
  return {
    meeting,
    date: scheduled.date,
    marks: people.map((p) => ({
      personId: p.id,
      name: p.name,
      present: marks.get(p.id) ?? null,
      checkInToken: checkInTokens.get(p.id) ?? '',
    })),
    // Apart from the marks: a guest holds no place and never counts for completion (decision 096).
    guests: guests.map((g) => ({ id: g.id, name: g.name })),
  };
}

/**
 * Marks who was present at a meeting of the class (only its enrolled people count).
 * @throws StaffCourseNotFoundError (no such meeting), Refusal meetingNotYet, classNotFound,
 *   classReadOnly (a concluded class)
 */
export async function markAttendance(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  meeting: number,
  marks: readonly StaffAttendanceMark[],
  turma?: string,
) {
  const { course, row } = await writableClassOf(ctx, slug, turma);
  const scheduled = scheduledMeetings(effectiveMeetings(course, row))[meeting - 1];
  if (!scheduled) throw new StaffCourseNotFoundError();
  // A meeting that has not happened yet has no attendance: the screen says the same.
  if (!canMark(scheduled.start, ctx.now())) {
    throw new Refusal('meetingNotYet', { details: { start: scheduled.start.toISOString() } });
  }
  const enrolled = new Set((await ctx.roster.enrolments(row.id)).map((e) => e.personId));
  const now = ctx.now();
  const known = marks
    .filter((m) => enrolled.has(m.personId))
    .map((m) => ({ ...m, at: deviceInstant(m.markedAt, scheduled.start, now) }));
  // Under the class's lock, as 'Encerrar turma' changes its state: a conclusion in between
  // (checked above without the lock) refuses the marks rather than leave ones it did not count.
  const written = await ctx.enrolment.changeClass(row.id, (trx) =>
    ctx.roster.markAttendance(slug, row.id, meeting, known, actor.id, trx),
  );
  if (!written) throw new Refusal('classReadOnly');
  await record(ctx, actor, 'attendance.update', {
    course: slug,
    subjects: known.map((m) => m.personId),
    details: {
      class: row.id,
      meeting,
      present: known.filter((m) => m.present).length,
      absent: known.filter((m) => !m.present).length,
    },
  });
}
