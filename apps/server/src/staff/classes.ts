/**
 * A course's classes in the staff area (issue 29, points 4 and 5): the list (Coordenação and
 * Secretaria), 'Nova turma' (Coordenação: prefilled from the latest class, its dates moved on by a
 * term, planned, no place taken) and 'Encerrar turma' (Coordenação: the class takes no more
 * enrolments and holds no places, its rows stay, and each participant gets 'Concluiu' or 'Não
 * concluiu' from their attendance; its people leave the course's group unless in another active
 * class of it: decision 060). Both changes are recorded.
 */
import type { StaffClass, StaffNewClassRequest } from '@centro/contracts';
import { holdsPlaces, nextTermClass } from '../courses/class-rules.js';
import type { ClassRow } from '../courses/class-store.js';
import { Refusal } from '../refusals/refusal.js';
import { completes, DEFAULT_MINIMUM_ATTENDANCE_PERCENT } from './completion-rules.js';
import type { Completion } from './completion-store.js';
import { record, type StaffActor, type StaffContext } from './context.js';
import { StaffCourseNotFoundError } from './errors.js';

function staffClass(row: ClassRow): StaffClass {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    places: row.places,
    taken: holdsPlaces(row.state) ? row.taken : 0,
    firstMeeting: row.first_meeting,
    opensAt: row.enrolment_opens_at,
    closesAt: row.enrolment_closes_at,
  };
}

function courseOf(ctx: StaffContext, slug: string) {
  const course = ctx.courses.get(slug);
  if (!course) throw new StaffCourseNotFoundError();
  return course;
}

/** The course's classes, oldest first. */
export async function classes(ctx: StaffContext, slug: string): Promise<StaffClass[]> {
  courseOf(ctx, slug);
  return (await ctx.classes.ofCourse(slug)).map(staffClass);
}

/** 'Nova turma': a planned class prefilled from the course's latest one. */
export async function createClass(
  ctx: StaffContext,
  actor: StaffActor,
  slug: string,
  overrides: StaffNewClassRequest,
): Promise<StaffClass> {
  courseOf(ctx, slug);
  const latest = (await ctx.classes.ofCourse(slug)).at(-1);
  if (!latest) throw new StaffCourseNotFoundError();
  // Only the template's fields: the latest class's id, counter and state are its own.
  const next = nextTermClass(
    {
      name: latest.name,
      places: latest.places,
      invite_code: latest.invite_code,
      enrolment_opens_at: latest.enrolment_opens_at,
      enrolment_closes_at: latest.enrolment_closes_at,
      first_meeting: latest.first_meeting,
      meeting_weekday: latest.meeting_weekday,
      meeting_time: latest.meeting_time,
      meeting_count: latest.meeting_count,
      meeting_duration_minutes: latest.meeting_duration_minutes,
      meeting_room: latest.meeting_room,
    },
    ctx.now(),
  );
  const id = await ctx.classes.create(
    {
      ...next,
      course_slug: slug,
      name: overrides.name ?? next.name,
      places: overrides.places ?? next.places,
    },
    ctx.now(),
  );
  const created = await ctx.classes.byId(id);
  if (!created) throw new StaffCourseNotFoundError();
  await record(ctx, actor, 'class.create', { course: slug, details: { class: id } });
  return staffClass(created);
}

/**
 * 'Encerrar turma'.
 * @throws Refusal classNotFound (not one of the course's), classConcluded (concluded already)
 */
export async function concludeClass(
  ctx: StaffContext,
  actor: StaffActor,
  slug: string,
  classId: string,
): Promise<Completion[]> {
  const course = courseOf(ctx, slug);
  const row = await ctx.classes.byId(classId);
  if (!row || row.course_slug !== slug) throw new Refusal('classNotFound');
  if (row.state === 'concluded') throw new Refusal('classConcluded');
  const meetings = row.meeting_count ?? course.meetings.count;
  const completions = await ctx.completions.conclude(
    classId,
    slug,
    (present) => completes(present, meetings, DEFAULT_MINIMUM_ATTENDANCE_PERCENT),
    ctx.now(),
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
    },
  });
  return completions;
}

/**
 * The people of a concluded class leave the course's group, unless in another class of it not
 * concluded (decision 060). A person who takes a place in the next class while this runs is added
 * back (their enrolment's own addition may have come before the removal). A directory failure
 * leaves that person in the group (logged; the retention removes them later) and does not undo the
 * conclusion. Answers how many left.
 */
async function leaveGroup(
  ctx: StaffContext,
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
