/**
 * A course's participants and waiting list with their directory data (never stored by the staff
 * area), their exports, and the removal of a participant. Removal keeps enrolment's guarantees
 * (decisions 008, 024, 030) and is the enrolment's own (`EnrolmentService.removeConfirmed`): a
 * marker row first, then the directory removes the person from the course's group, then the
 * enrolment (its place) and the marker go and the place goes to the next person waiting, in one
 * transaction. The directory failing leaves the enrolment as it was (answer 502/503).
 */
import type { Course } from '@centro/content';
import type { StaffParticipant, StaffWaitingPerson } from '@centro/contracts';
import { CancellationIncompleteError } from '../enrolment/errors.js';
import type { ClassRow } from './class-store.js';
import {
  classOf,
  collator,
  record,
  type StaffActor,
  type ClassContext,
  writableClassOf,
} from './context.js';
import { Refusal } from '../refusals/refusal.js';
import { NotEnrolledError, RemovalIncompleteError } from '../staff/errors.js';
import { classAttendance } from './attendance.js';
import { enrolledPeople, waitingPeople } from './class-people.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import {
  type AttendanceSheet,
  type ExportClass,
  type ExportPerson,
  exportPeople,
} from './exports.js';

export interface ParticipantsQuery {
  /** The class (absent: the course's current class). */
  turma?: string | undefined;
  q?: string | undefined;
  sort?: 'name' | 'email' | 'enrolledAt' | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** Lower case without accents, for searching. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export async function participants(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  query: ParticipantsQuery,
): Promise<{ course: Course; participants: StaffParticipant[]; waiting: StaffWaitingPerson[] }> {
  const { course, row, people } = await enrolledPeople(ctx, slug, query.turma);
  const waiting = await waitingPeople(ctx, row.id);
  const q = fold(query.q?.trim() ?? '');
  const found = q
    ? people.filter((p) => fold(p.name).includes(q) || fold(p.email).includes(q))
    : people;
  const sort = query.sort ?? 'name';
  const sign = query.order === 'desc' ? -1 : 1;
  found.sort((a, b) => sign * collator.compare(a[sort], b[sort]));
  await record(ctx, actor, 'participants.view', {
    course: slug,
    subjects: [...found, ...waiting].map((p) => p.id),
    // The search text may be a name: only whether there was one is kept.
    details: { class: row.id, rows: found.length, waiting: waiting.length, searched: q !== '' },
  });
  return { course, participants: found, waiting };
}

/**
 * The rows of the class's export, by name, each with their attendance and the class's result, the
 * waiting list, and the attendance per meeting; the export is recorded with everyone in it.
 */
export async function exportRows(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  format: 'csv' | 'xlsx',
  turma?: string,
): Promise<{
  course: Course;
  row: ClassRow;
  /** The class's name and meetings in effect, as the course page and the e-mails say them. */
  turma: ExportClass;
  participants: ExportPerson[];
  waiting: StaffWaitingPerson[];
  attendance: AttendanceSheet;
}> {
  const { course, row, people } = await enrolledPeople(ctx, slug, turma);
  const [waiting, attendance, completions] = await Promise.all([
    format === 'xlsx' ? waitingPeople(ctx, row.id) : [],
    classAttendance(ctx, slug, row.id),
    ctx.completions.ofClass(row.id),
  ]);
  people.sort((a, b) => collator.compare(a.name, b.name));
  await record(ctx, actor, `export.${format}`, {
    course: slug,
    subjects: [...people, ...waiting].map((p) => p.id),
    details: { class: row.id, rows: people.length, waiting: waiting.length },
  });
  const results = new Map(completions.map((c) => [c.personId, c.concluded]));
  return {
    course,
    row,
    turma: { name: row.name, meetings: effectiveMeetings(course, row) },
    participants: exportPeople(people, attendance, results),
    waiting,
    attendance,
  };
}

/** The class's waiting list as its own file; recorded as a CSV export of the list. */
export async function exportWaiting(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  turma?: string,
): Promise<{ row: ClassRow; waiting: StaffWaitingPerson[] }> {
  const { row } = await classOf(ctx, slug, turma);
  const waiting = await waitingPeople(ctx, row.id);
  await record(ctx, actor, 'export.csv', {
    course: slug,
    subjects: waiting.map((w) => w.id),
    details: { class: row.id, list: 'waiting', waiting: waiting.length },
  });
  return { row, waiting };
}

/** Whether the person's place is still in the class, concluded meanwhile (its rows stay). */
async function keptByConclusion(
  ctx: ClassContext,
  classId: string,
  personId: string,
): Promise<boolean> {
  if ((await ctx.classes.byId(classId))?.state !== 'concluded') return false;
  return (await ctx.roster.enrolments(classId)).some((e) => e.personId === personId);
}

/**
 * Removes a confirmed participant of the class: frees the place (it goes to the next person
 * waiting) and removes them from the course's group. A concluded class is read-only, also when
 * it is concluded while the removal runs.
 * @throws NotEnrolledError, RemovalIncompleteError (nothing changed), StaffCourseNotFoundError,
 *   Refusal classNotFound, classReadOnly
 */
export async function remove(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  personId: string,
  turma?: string,
): Promise<void> {
  const { row } = await writableClassOf(ctx, slug, turma);
  const enrolment = await ctx.roster.enrolment(row.id, personId);
  // A 'pending' row belongs to an enrolment in flight (or to the enrolment's repair).
  if (enrolment?.status !== 'confirmed') throw new NotEnrolledError();
  try {
    const ref = await ctx.enrolment.classRef(row.id);
    await ctx.enrolment.removeConfirmed(ref, personId, ctx.log, 'enrolment-removed');
  } catch (error) {
    if (error instanceof CancellationIncompleteError) {
      throw new RemovalIncompleteError(error.status, { cause: error });
    }
    throw error;
  }
  // 'Encerrar turma' ran while the directory was asked: the removal deleted nothing and the place
  // stays in the class, now concluded and read-only.
  if (await keptByConclusion(ctx, row.id, personId)) throw new Refusal('classReadOnly');
  await record(ctx, actor, 'participant.remove', {
    course: slug,
    subject: personId,
    details: { class: row.id },
  });
}

/**
 * 'Mover para outra turma' (decision 090): the participant's confirmed place in the class `turma`
 * goes to the class `to` of the same course, if it takes them; the place freed goes to the waiting
 * list of the class they left, and they are told with the new class's meetings. Recorded: who moved
 * whom, from which class to which.
 * @throws StaffCourseNotFoundError, Refusal classNotFound, classReadOnly, notEnrolled,
 *   moveSameClass, moveTargetClosed, moveTargetFull
 */
export async function move(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  personId: string,
  to: string,
  turma?: string,
): Promise<void> {
  const { row } = await writableClassOf(ctx, slug, turma);
  const target = await ctx.classes.byId(to);
  if (target?.course_slug !== slug) throw new Refusal('classNotFound');
  const from = await ctx.enrolment.classRef(row.id);
  const decision = await ctx.enrolment.moveConfirmed(
    from,
    { ...from, classId: target.id },
    personId,
    ctx.log,
  );
  if (decision === 'not-enrolled') throw new NotEnrolledError();
  if (decision === 'same-class') throw new Refusal('moveSameClass');
  if (decision === 'target-closed') throw new Refusal('moveTargetClosed');
  if (decision === 'target-full') throw new Refusal('moveTargetFull');
  if (decision === 'other-course') throw new Refusal('classNotFound');
  await record(ctx, actor, 'participant.move', {
    course: slug,
    subject: personId,
    details: { from: row.id, to: target.id },
  });
}
