/**
 * A course's prerequisites in the staff area (decision 061): the list in
 * effect with the content's default and the exceptions (Coordenação and Secretaria, a recorded
 * view), the list changed by Coordenação, 'Liberar inscrição' for one person (Coordenação and
 * Secretaria), finding that person, and the completions of the course's concluded classes, one of
 * which Coordenação may change with a reason. Every change is recorded (ids and values only: the
 * reason stays on the completion, which goes with the person's account).
 */
import type {
  StaffCompletion,
  StaffCompletionChange,
  StaffPrerequisitesResponse,
} from '@centro/contracts';
import { prerequisiteListProblem, requiredCourses } from './prerequisite-rules.js';
import { Refusal } from '../refusals/refusal.js';
import { subjectNames } from '../staff/action-record.js';
import { contentCourse, record, type StaffActor, type ClassContext } from './context.js';
import { InvalidSettingsError } from '../staff/errors.js';

/** The most people a search answers. */
const PEOPLE_FOUND = 20;

const titled = (ctx: ClassContext, slugs: readonly string[]) =>
  slugs.map((slug) => ({ slug, title: ctx.courses.get(slug)?.title ?? slug }));

/** The list in effect, the default and the exceptions; the view is recorded. */
export async function prerequisites(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
): Promise<StaffPrerequisitesResponse> {
  const course = contentCourse(ctx, slug);
  const [override, exceptions] = await Promise.all([
    ctx.prerequisites.override(slug),
    ctx.prerequisites.exceptions(slug),
  ]);
  const names = await subjectNames(
    ctx,
    exceptions.map((e) => e.personId),
  );
  await record(ctx, actor, 'prerequisites.view', {
    course: slug,
    details: { exceptions: exceptions.length },
  });
  return {
    required: titled(ctx, requiredCourses(course.prerequisites, override)),
    defaults: titled(ctx, course.prerequisites ?? []),
    byStaff: override !== null,
    exceptions: exceptions.map((e) => ({ ...e, name: names.get(e.personId) ?? null })),
    choices: titled(
      ctx,
      [...ctx.courses.keys()].filter((other) => other !== slug),
    ),
  };
}

/**
 * Coordenação's list (null: back to the content's default).
 * @throws InvalidSettingsError (a course unknown, twice, or the course itself)
 */
export async function updatePrerequisites(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  required: readonly string[] | null,
): Promise<StaffPrerequisitesResponse> {
  const course = contentCourse(ctx, slug);
  const problem = required && prerequisiteListProblem(slug, required, new Set(ctx.courses.keys()));
  if (problem) throw new InvalidSettingsError(problem);
  const before = requiredCourses(course.prerequisites, await ctx.prerequisites.override(slug));
  await ctx.prerequisites.setOverride(slug, required, actor.id, ctx.now());
  await record(ctx, actor, 'prerequisites.update', {
    course: slug,
    details: { before, after: required ?? course.prerequisites ?? [], byStaff: required !== null },
  });
  return prerequisites(ctx, actor, slug);
}

/** 'Liberar inscrição': the person may enrol in the course without its prerequisites. */
export async function grantException(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  personId: string,
): Promise<void> {
  contentCourse(ctx, slug);
  if ((await ctx.directory.getUser(personId)) === null) throw new Refusal('userNotFound');
  const granted = await ctx.prerequisites.grantException(slug, personId, actor.id, ctx.now());
  if (granted)
    await record(ctx, actor, 'prerequisite.exception', { course: slug, subject: personId });
}

/**
 * People whose e-mail or name matches `text` (the directory's search; the query names one person:
 * decision 081). Recorded with the people returned as the view's subjects, so that the record, and
 * each person's own data, say who saw them.
 */
export async function findPeople(ctx: ClassContext, actor: StaffActor, text: string) {
  const found = await ctx.directory.findUsers(text, PEOPLE_FOUND);
  await record(ctx, actor, 'people.view', {
    details: { rows: found.length },
    subjects: found.map((u) => u.id),
  });
  return found.map((u) => ({ id: u.id, name: u.displayName, email: u.mail }));
}

/** The completions of the course's concluded classes, newest first; the view is recorded. */
export async function completions(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
): Promise<StaffCompletion[]> {
  contentCourse(ctx, slug);
  const [rows, classes] = await Promise.all([
    ctx.completions.ofCourse(slug),
    ctx.classes.ofCourse(slug),
  ]);
  const names = await subjectNames(
    ctx,
    rows.map((r) => r.personId),
  );
  const classNames = new Map(classes.map((c) => [c.id, c.name]));
  await record(ctx, actor, 'completions.view', {
    course: slug,
    subjects: rows.map((r) => r.personId),
    details: { rows: rows.length },
  });
  return rows.map((r) => ({
    ...r,
    name: names.get(r.personId) ?? null,
    className: classNames.get(r.classId) ?? '',
  }));
}

/**
 * Coordenação changes one participant's completion, with the reason; recorded before and after.
 * @throws Refusal completionNotFound
 */
export async function changeCompletion(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  classId: string,
  personId: string,
  change: StaffCompletionChange,
): Promise<void> {
  contentCourse(ctx, slug);
  const row = await ctx.classes.byId(classId);
  if (!row || row.course_slug !== slug) throw new Refusal('completionNotFound');
  const before = await ctx.completions.change(
    classId,
    personId,
    change.concluded,
    actor.id,
    change.reason,
  );
  if (before === null) throw new Refusal('completionNotFound');
  await record(ctx, actor, 'completion.change', {
    course: slug,
    subject: personId,
    details: { class: classId, before, after: change.concluded },
  });
}
