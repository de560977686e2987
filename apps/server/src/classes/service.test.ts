/**
 * The classes module's services on their own (no HTTP), over their stores on SQLite and
 * PostgreSQL: 'Nova turma' and 'Abrir inscrições' change the class and are recorded; 'Encerrar
 * turma' before the first meeting is refused; a course's prerequisites refuse the course itself
 * and are recorded; attendance is refused for a course the content does not have.
 */
import { allCourses } from '@centro/content';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { MemoryDirectory } from '../../tests/support/memory-directory.js';
import { createCourseStore } from '../courses/course-store.js';
import { createDeskStore } from '../desk/desk-store.js';
import type { DatabaseHandle } from '../db/database.js';
import type { RecordedAction, StaffActor } from '../staff/context.js';
import { StaffCourseNotFoundError } from '../staff/errors.js';
import { createClassMessageStore } from './class-message-store.js';
import { createClassStore } from './class-store.js';
import { createCompletionStore } from './completion-store.js';
import { createNextTermStore } from './next-term-store.js';
import type { ClassContext } from './context.js';
import { createPrerequisiteStore } from './prerequisite-store.js';
import { createRecessStore } from './recess-store.js';
import { createRosterStore } from './roster-store.js';
import { ClassService, createClassContext, PrerequisiteService, RosterService } from './service.js';

const [course, other] = allCourses();
if (!course || !other) throw new Error('the content has fewer than two courses');
const coordinator: StaffActor = {
  id: 'coord-1',
  name: 'Coordenação',
  email: 'coord@example.org',
  roles: ['coordenacao'],
  monitors: [],
};
/** Long before any of the content's first meetings. */
const EARLY = new Date('2020-01-06T12:00:00Z');

const targets = await testDatabaseTargets('class-services');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

/** The module's context over `handle`, its record kept in `recorded`. */
function contextOf(handle: DatabaseHandle, recorded: { action: string; extra?: RecordedAction }[]) {
  const mail = { enqueue: async () => undefined, centre: () => ({}) } as never;
  const enrolment = {
    changeClass: (classId: string, work: (trx: never, id: string) => Promise<unknown>) =>
      work(handle.db as never, classId),
  } as unknown as ClassContext['enrolment'];
  return createClassContext({
    roster: createRosterStore(handle.db),
    courseStore: createCourseStore(handle.db),
    classes: createClassStore(handle.db),
    completions: createCompletionStore(handle),
    prerequisites: createPrerequisiteStore(handle.db),
    classMessages: createClassMessageStore(handle, mail),
    nextTerm: createNextTermStore(handle),
    desk: createDeskStore(handle),
    recesses: createRecessStore(handle.db),
    directory: new MemoryDirectory(),
    enrolment,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    centre: () => ({}) as never,
    record: async (_by, action, extra) =>
      void recorded.push({ action, ...(extra ? { extra } : {}) }),
    now: () => EARLY,
  });
}

describe.each(targets)('the classes module services ($dialect)', (target) => {
  async function started() {
    await target.clear(['prerequisite_overrides', 'courses']);
    const handle = await target.open();
    await createCourseStore(handle.db, handle.dialect).sync(
      allCourses()
        .slice(0, 2)
        .map((c) => ({ slug: c.slug, groupId: c.groupId, places: c.places })),
    );
    const recorded: { action: string; extra?: RecordedAction }[] = [];
    return { handle, recorded, ctx: contextOf(handle, recorded) };
  }

  it("creates a planned class with 'Nova turma', opens it, and records both", async () => {
    const { handle, recorded, ctx } = await started();
    const classes = new ClassService(ctx);
    const before = await classes.classes(course.slug);
    expect(before.classes).toHaveLength(1);

    const created = await classes.createClass(coordinator, course.slug, { places: 7 });
    expect(created).toMatchObject({ state: 'planned', places: 7 });
    const opened = await classes.openClass(coordinator, course.slug, created.id);
    expect(opened.state).toBe('open');
    expect((await classes.classes(course.slug)).classes.map((c) => c.id)).toContain(created.id);
    expect(recorded.map((r) => r.action)).toEqual(['class.create', 'class.open']);
    await handle.close();
  });

  it("refuses 'Encerrar turma' before the class's first meeting", async () => {
    const { handle, ctx } = await started();
    const classes = new ClassService(ctx);
    const [current] = (await classes.classes(course.slug)).classes;
    await expect(
      classes.concludeClass(coordinator, course.slug, current?.id ?? ''),
    ).rejects.toMatchObject({ reason: 'classNotStarted' });
    await handle.close();
  });

  it('refuses a course as its own prerequisite, and records a list it accepts', async () => {
    const { handle, recorded, ctx } = await started();
    const prerequisites = new PrerequisiteService(ctx);
    await expect(
      prerequisites.updatePrerequisites(coordinator, course.slug, [course.slug]),
    ).rejects.toMatchObject({ message: 'Um curso não pode ser pré-requisito de si mesmo.' });
    expect(recorded).toEqual([]);

    const answer = await prerequisites.updatePrerequisites(coordinator, course.slug, [other.slug]);
    expect(answer.required.map((r) => r.slug)).toEqual([other.slug]);
    expect(recorded.map((r) => r.action)).toEqual(['prerequisites.update', 'prerequisites.view']);
    await handle.close();
  });

  it('refuses the attendance of a course the content does not have', async () => {
    const { handle, ctx } = await started();
    await expect(
      new RosterService(ctx).attendance(coordinator, 'curso-que-nao-existe', 1),
    ).rejects.toBeInstanceOf(StaffCourseNotFoundError);
    await handle.close();
  });
});
