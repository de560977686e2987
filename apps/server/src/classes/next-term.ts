/**
 * 'Preparar próximo semestre' (Coordenação, decision 093): the proposal of every course's planned
 * class for the next term (next-term-rules.ts), and its confirmation, corrected in one
 * table, created together (next-term-store.ts) and recorded; and the same proposal of one
 * course's next class for 'Nova turma' (decision 105).
 */
import { applyRecesses, type Course, wallClockAt, weekdayOf, zonedInstant } from '@centro/content';
import type {
  StaffPrepareTermRequest,
  StaffPrepareTermResponse,
  StaffTermClassRequest,
  StaffTermProposalResponse,
} from '@centro/contracts';
import { randomUUID } from 'node:crypto';
import type { ClassRow } from './class-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import { settingsColumnsOf } from '../courses/course-store.js';
import { writeMeetingChanges } from '../courses/meeting-changes.js';
import {
  type CourseClasses,
  type CourseProposal,
  preparedClass,
  nextClass,
  type ProposedClass,
  proposeTerm,
  type SourceClass,
  storedFirstMeeting,
  type Term,
  termOf,
  termToPrepare,
  windowFor,
} from './next-term-rules.js';
import type { NewTermClass } from './next-term-store.js';
import { Refusal } from '../refusals/refusal.js';
import { record, type StaffActor, type ClassContext } from './context.js';
import { localDateTime, utcInstant } from './course-settings.js';

/** A class as the proposal reads it: its meetings in effect, its stored settings as the template. */
function sourceOf(course: Course, row: ClassRow): SourceClass {
  const m = effectiveMeetings(course, row);
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    firstMeeting: m.firstMeeting,
    template: {
      name: row.name,
      places: row.places,
      invite_code: null,
      enrolment_opens_at: row.enrolment_opens_at,
      enrolment_closes_at: row.enrolment_closes_at,
      // The first meeting and weekday in effect, so the dates move on by a term even when the
      // class kept the content's (as 'Nova turma' does).
      first_meeting: m.firstMeeting,
      meeting_weekday: m.weekday,
      meeting_time: row.meeting_time,
      meeting_count: row.meeting_count,
      meeting_duration_minutes: row.meeting_duration_minutes,
      meeting_room: row.meeting_room,
    },
    time: m.time,
    room: m.room,
    count: m.count,
  };
}

/** Every course of the content with its classes, oldest first, as the proposal reads them. */
async function coursesWithClasses(ctx: ClassContext): Promise<CourseClasses[]> {
  const all = [...(await ctx.classes.all()).values()].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
  return [...ctx.courses.values()].map((course) => ({
    slug: course.slug,
    title: course.title,
    classes: all.filter((r) => r.course_slug === course.slug).map((r) => sourceOf(course, r)),
  }));
}

const today = (now: Date) => {
  const { year, month, day } = wallClockAt(now);
  return `${year}-${month}-${day}`;
};

async function proposals(ctx: ClassContext, term?: Term) {
  const courses = await coursesWithClasses(ctx);
  const chosen =
    term ??
    termToPrepare(
      courses.flatMap((c) => c.classes),
      today(ctx.now()),
    );
  const recesses = await ctx.recesses.all();
  return { term: chosen, courses, rows: proposeTerm(courses, chosen, recesses) };
}

/**
 * What 'Nova turma' proposes for a course: what 'Preparar próximo semestre' proposes for it, or,
 * the course having a class in the term to prepare, its class for the term after (decision 105).
 * Undefined: the course has no class.
 */
export async function courseProposal(
  ctx: ClassContext,
  slug: string,
): Promise<ProposedClass | undefined> {
  const courses = await coursesWithClasses(ctx);
  const course = courses.find((c) => c.slug === slug);
  if (!course) return undefined;
  const toPrepare = termToPrepare(
    courses.flatMap((c) => c.classes),
    today(ctx.now()),
  );
  return nextClass(course.classes, toPrepare, await ctx.recesses.all());
}

/** The term to prepare and each course's row, with a new key for its confirmation. */
export async function termProposal(ctx: ClassContext): Promise<StaffTermProposalResponse> {
  const { term, rows } = await proposals(ctx);
  return {
    term,
    key: randomUUID(),
    courses: rows.map((row) =>
      row.status === 'prepared'
        ? {
            slug: row.slug,
            title: row.title,
            status: row.status,
            proposal: null,
            existing: row.existing,
          }
        : {
            slug: row.slug,
            title: row.title,
            status: row.status,
            existing: null,
            proposal: {
              name: row.proposal.name,
              places: row.proposal.places,
              firstMeeting: row.proposal.firstMeeting,
              meetings: row.proposal.meetings,
              time: row.proposal.time,
              room: row.proposal.room,
              opensAt: row.proposal.opensAt && localDateTime(row.proposal.opensAt),
              closesAt: row.proposal.closesAt && localDateTime(row.proposal.closesAt),
            },
          },
    ),
  };
}

/** A pt-BR refusal about one row's field, named by its course. */
function rowRefusal(title: string, index: number, field: string, message: string): Refusal {
  const text = `${title}: ${message}`;
  return new Refusal('invalidSettings', {
    details: { message: text },
    message: text,
    field: `classes.${index}.${field}`,
  });
}

/**
 * The class to create from a course's proposal and the coordinator's corrections: the enrolment's
 * closing as far from the (corrected) first meeting as the latest class's was, and the time and room
 * kept as the content's default where they were and did not change.
 */
function classToCreate(
  row: Extract<CourseProposal, { status: 'proposed' }>,
  source: SourceClass,
  input: StaffTermClassRequest,
  index: number,
  term: Term,
): NewTermClass {
  const { template } = row.proposal;
  if (termOf(input.firstMeeting) !== term) {
    throw rowRefusal(
      row.title,
      index,
      'firstMeeting',
      `o primeiro encontro deve cair no semestre ${term}.`,
    );
  }
  const ruleDate = storedFirstMeeting(row.proposal, input.firstMeeting);
  const opensAt = input.opensAt === null ? null : utcInstant(input.opensAt);
  const { closesAt } = windowFor(source, input.firstMeeting, input.time);
  const start = zonedInstant(input.firstMeeting, input.time).toISOString();
  if (opensAt !== null && opensAt >= start) {
    throw rowRefusal(
      row.title,
      index,
      'opensAt',
      'a abertura das inscrições deve ser antes do primeiro encontro.',
    );
  }
  if (opensAt !== null && closesAt !== null && closesAt <= opensAt) {
    throw rowRefusal(
      row.title,
      index,
      'opensAt',
      'a abertura das inscrições deve ser antes do encerramento.',
    );
  }
  return {
    course_slug: row.slug,
    name: row.proposal.name,
    places: input.places,
    invite_code: null,
    enrolment_opens_at: opensAt,
    enrolment_closes_at: closesAt,
    first_meeting: ruleDate,
    meeting_weekday: weekdayOf(ruleDate),
    meeting_time: input.time === source.time ? template.meeting_time : input.time,
    meeting_count: template.meeting_count,
    meeting_duration_minutes: template.meeting_duration_minutes,
    meeting_room: input.room === source.room ? template.meeting_room : input.room,
  };
}

/**
 * 'Criar turmas': the confirmed rows' classes, planned, created together; a course prepared
 * meanwhile is skipped, a key confirmed before creates nothing. Recorded (not a repeat).
 * @throws Refusal invalidSettings (a row's field), courseNotFound (a course not in the content)
 */
export async function prepareTerm(
  ctx: ClassContext,
  actor: StaffActor,
  request: StaffPrepareTermRequest,
): Promise<StaffPrepareTermResponse> {
  const term = request.term as Term;
  const { courses, rows } = await proposals(ctx, term);
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const classes: NewTermClass[] = [];
  const recesses = await ctx.recesses.all();
  for (const [index, input] of request.classes.entries()) {
    const row = bySlug.get(input.slug);
    if (!row) throw new Refusal('courseNotFound');
    if (row.status === 'prepared') continue;
    const course = courses.find((c) => c.slug === row.slug);
    const source = course?.classes.find((c) => c.id === row.proposal.fromClassId);
    if (!source) throw new Refusal('courseNotFound');
    const made = classToCreate(row, source, input, index, term);
    const content = ctx.courses.get(row.slug);
    // Every class has the centre's recesses as skips, the next term's too (decision 092).
    const changes = content
      ? applyRecesses(effectiveMeetings(content, settingsColumnsOf(made)), recesses)
      : [];
    classes.push({ ...made, meeting_changes: writeMeetingChanges(changes) });
  }
  const result = await ctx.nextTerm.prepare({
    key: request.key,
    term,
    classes,
    now: ctx.now(),
    isPrepared: (slug, stored) => {
      const course = ctx.courses.get(slug);
      return (
        course !== undefined &&
        preparedClass(
          stored.map((r) => ({ firstMeeting: effectiveMeetings(course, r).firstMeeting })),
          term,
        ) !== undefined
      );
    },
  });
  // A repeated key answers what its first confirmation did, nothing of this one.
  if (result.repeated) return { created: result.created, skipped: [], repeated: true };
  const skipped = [
    ...rows.filter((r) => r.status === 'prepared').map((r) => r.slug),
    ...result.skipped,
  ].filter((slug) => request.classes.some((c) => c.slug === slug));
  await record(ctx, actor, 'term.prepare', {
    details: { term, created: result.created.length, skipped: skipped.length },
  });
  return { created: result.created, skipped, repeated: false };
}
