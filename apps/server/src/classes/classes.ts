/**
 * A course's classes in the staff area: the list (Coordenação and Secretaria), 'Nova turma'
 * (Coordenação: prefilled with what 'Preparar próximo semestre' proposes for the course, decision
 * 105; planned, no place taken) and 'Encerrar turma' (Coordenação: the class takes no more
 * enrolments and holds no places, its rows stay, and each participant gets 'Concluiu' or 'Não
 * concluiu' from their attendance; its people leave the course's group unless in another active
 * class of it: decision 060), with its guards and 'Reabrir turma' (decision 077). Each change is
 * recorded.
 */
import {
  canMark,
  type Course,
  formatDate,
  scheduledMeetings,
  weekdayOf,
  weekdays,
  applyRecesses,
  classMeetings,
} from '@centro/content';
import type { StaffClass, StaffClassProposal, StaffNewClassRequest } from '@centro/contracts';
import { holdsPlaces } from './class-rules.js';
import { courseProposal } from './next-term.js';
import { storedFirstMeeting } from './next-term-rules.js';
import type { ClassRow } from './class-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import { staffMeetings, writeMeetingChanges } from '../courses/meeting-changes.js';
import { settingsColumnsOf } from '../courses/course-store.js';
import { Refusal } from '../refusals/refusal.js';
import { completes, DEFAULT_MINIMUM_ATTENDANCE_PERCENT } from './completion-rules.js';
import type { Completion } from './completion-store.js';
import { contentCourse, record, type StaffActor, type ClassContext } from './context.js';
import { localDateTime, refusePastRetention, utcInstant } from './course-settings.js';
import { InvalidSettingsError, StaffCourseNotFoundError } from '../staff/errors.js';

/** A class as staff see it, its meetings in effect. */
export function staffClass(course: Course, row: ClassRow): StaffClass {
  const meetings = effectiveMeetings(course, row);
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    places: row.places,
    taken: holdsPlaces(row.state) ? row.taken : 0,
    firstMeeting: row.first_meeting,
    opensAt: row.enrolment_opens_at,
    closesAt: row.enrolment_closes_at,
    schedule: scheduledMeetings(meetings).map((m) => ({
      date: m.date,
      start: m.start.toISOString(),
    })),
    meetings,
    // Every date of the class, skipped and cancelled ones too (decision 091).
    dates: staffMeetings(classMeetings(meetings), meetings.changes),
  };
}

/**
 * The course and its next class as 'Preparar próximo semestre' would propose it (decision 105).
 * @throws StaffCourseNotFoundError (not in the content, or without a class)
 */
async function nextOf(ctx: ClassContext, slug: string) {
  const course = contentCourse(ctx, slug);
  const next = await courseProposal(ctx, slug);
  if (!next) throw new StaffCourseNotFoundError();
  return { course, next };
}

/** The course's classes, oldest first, and what 'Nova turma' would create now. */
export async function classes(
  ctx: ClassContext,
  slug: string,
): Promise<{ classes: StaffClass[]; proposal: StaffClassProposal }> {
  const { course, next } = await nextOf(ctx, slug);
  return {
    classes: (await ctx.classes.ofCourse(slug)).map((row) => staffClass(course, row)),
    proposal: {
      name: next.name,
      places: next.places,
      opensAt: next.opensAt && localDateTime(next.opensAt),
      closesAt: next.closesAt && localDateTime(next.closesAt),
      firstMeeting: next.firstMeeting,
    },
  };
}

/** An instant of the form (São Paulo local), absent: the proposal's. */
const instantOr = (local: string | null | undefined, proposed: string | null) =>
  local === undefined ? proposed : local === null ? null : utcInstant(local);

/**
 * 'Nova turma': a planned class prefilled from the course's latest one; the form may change its
 * name, places, enrolment window and first meeting.
 * @throws InvalidSettingsError (window or first meeting), StaffCourseNotFoundError
 */
export async function createClass(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  overrides: StaffNewClassRequest,
): Promise<StaffClass> {
  const { course, next } = await nextOf(ctx, slug);
  const opensAt = instantOr(overrides.opensAt, next.opensAt);
  const closesAt = instantOr(overrides.closesAt, next.closesAt);
  if (opensAt !== null && closesAt !== null && closesAt <= opensAt) {
    throw new InvalidSettingsError(
      'O encerramento das inscrições deve ser depois da abertura.',
      'closesAt',
    );
  }
  const firstMeeting = storedFirstMeeting(next, overrides.firstMeeting ?? next.firstMeeting);
  const weekday = weekdayOf(firstMeeting);
  if (!weekdays.includes(weekday)) {
    throw new InvalidSettingsError('Data do primeiro encontro inválida.', 'firstMeeting');
  }
  refusePastRetention(ctx, firstMeeting, next.template.meeting_count ?? course.meetings.count);
  const input = {
    ...next.template,
    state: 'planned' as const,
    course_slug: slug,
    name: overrides.name ?? next.name,
    places: overrides.places ?? next.places,
    enrolment_opens_at: opensAt,
    enrolment_closes_at: closesAt,
    first_meeting: firstMeeting,
    meeting_weekday: weekday,
  };
  // The centre's recesses apply to a class made after them too (decision 092).
  const rule = effectiveMeetings(course, settingsColumnsOf(input));
  const changes = applyRecesses(rule, await ctx.recesses.all());
  const id = await ctx.classes.create(
    { ...input, meeting_changes: writeMeetingChanges(changes) },
    ctx.now(),
  );
  const created = await ctx.classes.byId(id);
  if (!created) throw new StaffCourseNotFoundError();
  await record(ctx, actor, 'class.create', { course: slug, details: { class: id } });
  return staffClass(course, created);
}

/**
 * 'Abrir inscrições': a planned class takes enrolments (within its window), under its lock (the
 * waiting list's promotions follow, as after any change of a class). Open already: unchanged.
 * @throws Refusal classNotFound, classReadOnly (concluded)
 */
export async function openClass(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  classId: string,
): Promise<StaffClass> {
  const course = contentCourse(ctx, slug);
  const row = await ctx.classes.byId(classId);
  if (row?.course_slug !== slug) throw new Refusal('classNotFound');
  if (row.state === 'concluded') throw new Refusal('classReadOnly');
  const opened = await ctx.enrolment.changeClass(classId, (trx) =>
    ctx.classes.open(classId, ctx.now(), trx),
  );
  if (opened) await record(ctx, actor, 'class.open', { course: slug, details: { class: classId } });
  const now = await ctx.classes.byId(classId);
  return staffClass(course, now ?? row);
}

/**
 * 'Encerrar turma' (decision 077): refused before the first meeting (nobody could attend, and
 * everyone would get 'Não concluiu'), and before the last one unless the request confirms how many
 * meetings remain (`meetingsRemaining`); each person is told their result and attendance, in the
 * conclusion's transaction.
 * @throws Refusal classNotFound (not one of the course's), classConcluded (concluded already),
 *   classNotStarted, classMeetingsRemain
 */
export async function concludeClass(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  classId: string,
  meetingsRemaining?: number,
): Promise<Completion[]> {
  const course = contentCourse(ctx, slug);
  const row = await ctx.classes.byId(classId);
  if (!row || row.course_slug !== slug) throw new Refusal('classNotFound');
  if (row.state === 'concluded') throw new Refusal('classConcluded');
  const schedule = scheduledMeetings(effectiveMeetings(course, row));
  const now = ctx.now();
  const ahead = schedule.filter((m) => m.start > now);
  // Begun as attendance has: from an hour before the first meeting, when the door opens.
  if (!schedule.some((m) => canMark(m.start, now))) throw new Refusal('classNotStarted');
  const last = schedule.at(-1);
  if (ahead.length > 0 && last && meetingsRemaining !== ahead.length) {
    throw new Refusal('classMeetingsRemain', {
      details: { remaining: ahead.length, last: formatDate(last.date) },
    });
  }
  const minimumPercent = DEFAULT_MINIMUM_ATTENDANCE_PERCENT;
  const completions = await ctx.completions.conclude(
    classId,
    slug,
    (present, meetings) => completes(present, meetings ?? course.meetings.count, minimumPercent),
    now,
    (trx, given) =>
      ctx.notices.classConcluded(
        trx,
        course,
        row.name,
        given.map((c) => ({
          personId: c.personId,
          concluded: c.concluded,
          present: c.present,
          meetings: c.meetings ?? course.meetings.count,
          minimumPercent,
        })),
      ),
    // 75 % of the meetings held (decision 091), never of the rule's count.
    (settings) => scheduledMeetings(effectiveMeetings(course, settings)).length,
  );
  if (completions === null) throw new Refusal('classConcluded');
  const left = await leaveGroup(ctx, course.groupId, classId, slug);
  await record(ctx, actor, 'class.conclude', {
    course: slug,
    details: {
      class: classId,
      concluded: completions.filter((c) => c.concluded).length,
      notConcluded: completions.filter((c) => !c.concluded).length,
      leftGroup: left,
      ...(ahead.length > 0 ? { meetingsRemaining: ahead.length } : {}),
    },
  });
  return completions.map(({ personId, concluded }) => ({ personId, concluded }));
}

/**
 * 'Reabrir turma' (Coordenação, decision 077): a class concluded by mistake runs again, its
 * completions withdrawn and its people back in the course's group, each told by e-mail; recorded.
 * @throws Refusal classNotFound, classNotConcluded (not concluded), classReopenConflict
 */
export async function reopenClass(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  classId: string,
): Promise<StaffClass> {
  const course = contentCourse(ctx, slug);
  const row = await ctx.classes.byId(classId);
  if (!row || row.course_slug !== slug) throw new Refusal('classNotFound');
  const reopened = await ctx.completions.reopen(classId, slug, ctx.now(), (trx, people) =>
    ctx.notices.classReopened(trx, course, row.name, people),
  );
  if (reopened === null) throw new Refusal('classNotConcluded');
  if ('conflicts' in reopened) {
    throw new Refusal('classReopenConflict', { details: { people: reopened.conflicts } });
  }
  let back = 0;
  for (const personId of reopened.people) {
    try {
      await ctx.directory.addToGroup(course.groupId, personId);
      back += 1;
    } catch (error) {
      ctx.log.warn({ err: error }, 'reopening: could not add a person back to the course group');
    }
  }
  await record(ctx, actor, 'class.reopen', {
    course: slug,
    details: { class: classId, withdrawn: reopened.withdrawn, backInGroup: back },
  });
  const now = await ctx.classes.byId(classId);
  return staffClass(course, now ?? row);
}

/**
 * The people of a concluded class leave the course's group, unless in another class of it not
 * concluded (decision 060). A person who takes a place in the next class while this runs is added
 * back (their enrolment's own addition may have come before the removal). A directory failure
 * leaves that person in the group (logged; the retention removes them later) and does not undo the
 * conclusion. Answers how many left.
 */
async function leaveGroup(
  ctx: ClassContext,
  groupId: string,
  classId: string,
  slug: string,
): Promise<number> {
  const removed: string[] = [];
  for (const personId of await ctx.completions.leavers(classId, slug)) {
    try {
      await ctx.directory.removeFromGroup(groupId, personId);
      removed.push(personId);
    } catch (error) {
      ctx.log.warn({ err: error }, 'conclusion: could not remove a person from the course group');
    }
  }
  const still = new Set(await ctx.completions.leavers(classId, slug));
  const back = removed.filter((p) => !still.has(p));
  for (const personId of back) {
    await ctx.directory.addToGroup(groupId, personId).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'conclusion: could not add a person back to the course group');
    });
  }
  return removed.length - back.length;
}
