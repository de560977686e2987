/**
 * Model-based property test of the enrolment's state machine, with fast-check's
 * commands, on real databases (SQLite, and PostgreSQL when reachable) and the directory as an
 * in-memory double whose operations fail on demand. Commands: enrol, cancel, join and leave the
 * waiting list, staff removal, places raised and lowered, enrolment closed and reopened, the
 * directory's add or removal failing (503 before doing anything), answering late (done, but the
 * answer lost: Graph added the member after the timeout) or healthy again, and the periodic repair.
 *
 * A plain model predicts every outcome (who holds a confirmed place, who holds a place still
 * 'pending' and whether the directory has them, whose removal awaits the repair, who waits in which
 * order); after every command the database and the directory must equal it, and must hold the
 * invariants themselves:
 * - enrolled (pending and confirmed) ≤ places, and `taken` = the rows;
 * - nobody waits while a place is free and enrolment is open;
 * - the waiting list keeps the order of joining;
 * - every confirmed person is in the course's group (unless a removal without an answer awaits the
 *   repair), and every member holds a place.
 *
 * Bounded (numRuns, commands) so that the file runs in a few seconds per database; a failure prints
 * fast-check's seed and the shrunk command list.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { MemoryDirectory } from '../../tests/support/memory-directory.js';
import type { DatabaseHandle } from '../db/database.js';
import { DirectoryError } from '../directory/directory.js';
import {
  AlreadyEnrolledError,
  CancellationIncompleteError,
  CourseFullError,
  CourseNotFullError,
  EnrolmentClosedError,
  EnrolmentIncompleteError,
  EnrolmentInProgressError,
  NoEnrolmentError,
} from './errors.js';
import type { CourseRow } from '../courses/course-store.js';
import { createEnrolmentRepository } from './repository.js';
import { type ClassRef, EnrolmentService } from './service.js';

const COURSE: CourseRow = {
  slug: 'curso-modelo',
  groupId: 'cccccccc-3333-4333-8333-333333333333',
  places: 2,
};
const GROUP = COURSE.groupId.toLowerCase();
const PEOPLE = Array.from(
  { length: 6 },
  (_, n) => `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`,
);
const NOW = new Date('2026-06-01T12:00:00Z');
const CLOSED_AT = '2026-01-01T00:00:00.000Z';

type Mode = 'ok' | 'fail' | 'late';

/** What the enrolment must look like. */
interface Model {
  places: number;
  open: boolean;
  /** Confirmed places (those in `removing` included: still confirmed in the database). */
  confirmed: Set<string>;
  /** Places held 'pending', and whether the directory has the person in the group. */
  pending: Map<string, boolean>;
  /** Confirmed people whose removal got no answer (removed in fact): the repair finishes it. */
  removing: Set<string>;
  waiting: string[];
  add: Mode;
  remove: Mode;
}

/** The in-memory directory, whose add and removal may also succeed and then lose their answer. */
class LateDirectory extends MemoryDirectory {
  lateAdd = false;
  lateRemove = false;
  override async addToGroup(groupId: string, userId: string) {
    await super.addToGroup(groupId, userId);
    if (this.lateAdd) throw new DirectoryError('late', 503, { outcomeUnknown: true });
  }
  override async removeFromGroup(groupId: string, userId: string) {
    await super.removeFromGroup(groupId, userId);
    if (this.lateRemove) throw new DirectoryError('late', 503, { outcomeUnknown: true });
  }
}

interface Real {
  handle: DatabaseHandle;
  service: EnrolmentService;
  directory: LateDirectory;
  /** The course's class, as the routes resolve it and carry it down (decision 074). */
  ref: ClassRef;
}

const held = (m: Model) => m.confirmed.size + m.pending.size;

/** The person is being added to the group in the current mode: confirmed, or pending. */
function added(m: Model, person: string): void {
  if (m.add === 'ok') {
    m.pending.delete(person);
    m.confirmed.add(person);
  } else {
    m.pending.set(person, m.add === 'late' || (m.pending.get(person) ?? false));
  }
}

/** The model's promotions after a place was freed (or places raised, or enrolment reopened). */
function promote(m: Model): void {
  while (m.open && held(m) < m.places && m.waiting.length > 0) {
    added(m, m.waiting.shift() as string);
  }
}

/** The person's confirmed place is removed (they left the group): the next person waiting gets it. */
function removed(m: Model, person: string): void {
  m.confirmed.delete(person);
  m.removing.delete(person);
  promote(m);
}

/** Runs `action`; answers the class of the error it threw (null when it succeeded). */
async function outcome(action: () => Promise<unknown>): Promise<string | null> {
  try {
    await action();
    return null;
  } catch (error) {
    return (error as Error).name;
  }
}

async function checkAgainst(m: Model, r: Real, step: string): Promise<void> {
  const { db } = r.handle;
  const course = await db
    .selectFrom('classes')
    .select(['places', 'taken', 'enrolment_closes_at'])
    .where('course_slug', '=', COURSE.slug)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('enrolments')
    .select(['user_id', 'status'])
    .where('course_slug', '=', COURSE.slug)
    .execute();
  const waiting = (
    await db
      .selectFrom('waiting_list')
      .select('user_id')
      .where('course_slug', '=', COURSE.slug)
      .orderBy('id')
      .execute()
  ).map((w) => w.user_id);
  const markers = (
    await db
      .selectFrom('staff_removals')
      .select('person_id')
      .where('course_slug', '=', COURSE.slug)
      .execute()
  ).map((r) => r.person_id);
  const members = PEOPLE.filter((p) => r.directory.isMemberNow(GROUP, p));
  const confirmed = rows.filter((e) => e.status === 'confirmed').map((e) => e.user_id);
  const pending = rows.filter((e) => e.status === 'pending').map((e) => e.user_id);
  const open = course.enrolment_closes_at === null;

  // The invariants, on the real state alone.
  expect(course.taken, `${step}: taken = rows`).toBe(rows.length);
  expect(rows.length, `${step}: enrolled ≤ places`).toBeLessThanOrEqual(course.places);
  if (open && rows.length < course.places) {
    expect(waiting, `${step}: nobody waits beside a free place`).toEqual([]);
  }
  for (const p of confirmed.filter((c) => !markers.includes(c))) {
    expect(members, `${step}: confirmed ${p} in the group`).toContain(p);
  }
  for (const p of members) {
    expect([...confirmed, ...pending], `${step}: member ${p} holds a place`).toContain(p);
  }
  expect(new Set(waiting).size, `${step}: one position per person`).toBe(waiting.length);
  for (const p of waiting) expect(rows.map((e) => e.user_id)).not.toContain(p);

  // And the model: order of joining, who holds which place, who is in the group.
  expect(
    {
      places: course.places,
      open,
      waiting,
      confirmed: confirmed.sort(),
      pending: pending.sort(),
      members,
      removing: markers.sort(),
    },
    step,
  ).toEqual({
    places: m.places,
    open: m.open,
    waiting: m.waiting,
    confirmed: [...m.confirmed].sort(),
    pending: [...m.pending.keys()].sort(),
    members: PEOPLE.filter(
      (p) => (m.confirmed.has(p) && !m.removing.has(p)) || m.pending.get(p) === true,
    ),
    removing: [...m.removing].sort(),
  });
}

type Command = fc.AsyncCommand<Model, Real>;

const always = () => true;

class Enrol implements Command {
  constructor(readonly person: string) {}
  check = always;
  async run(m: Model, r: Real) {
    const error = await outcome(() => r.service.enrol(this.person, r.ref));
    let expected: string | null = null;
    if (m.confirmed.has(this.person)) expected = null;
    else if (m.pending.has(this.person)) {
      // Resumed: added again.
      if (m.add !== 'ok') expected = EnrolmentIncompleteError.name;
      added(m, this.person);
    } else if (!m.open) expected = EnrolmentClosedError.name;
    else if (held(m) >= m.places || m.waiting.length > 0) expected = CourseFullError.name;
    else {
      // A refusal gives the place back; a late answer keeps it pending (the person is a member).
      if (m.add !== 'ok') expected = EnrolmentIncompleteError.name;
      if (m.add !== 'fail') added(m, this.person);
    }
    expect(error, this.toString()).toBe(expected);
    await checkAgainst(m, r, this.toString());
  }
  toString = () => `enrol(${this.person.slice(-1)})`;
}

/** The person's cancellation (`staff`: Coordenação's removal of a confirmed participant). */
class Cancel implements Command {
  constructor(
    readonly person: string,
    readonly staff: boolean,
  ) {}
  check = (m: Readonly<Model>) => !this.staff || m.confirmed.has(this.person);
  async run(m: Model, r: Real) {
    const error = await outcome(() =>
      this.staff
        ? r.service.removeConfirmed(r.ref, this.person)
        : r.service.cancel(this.person, r.ref),
    );
    let expected: string | null = null;
    if (m.pending.has(this.person)) expected = EnrolmentInProgressError.name;
    else if (!m.confirmed.has(this.person)) expected = NoEnrolmentError.name;
    else if (m.remove === 'ok') removed(m, this.person);
    else {
      expected = CancellationIncompleteError.name;
      // Removed without an answer: the marker waits for the repair (a refusal after such an
      // attempt leaves that marker too).
      if (m.remove === 'late') m.removing.add(this.person);
    }
    expect(error, this.toString()).toBe(expected);
    await checkAgainst(m, r, this.toString());
  }
  toString = () => `${this.staff ? 'remove' : 'cancel'}(${this.person.slice(-1)})`;
}

class Join implements Command {
  constructor(readonly person: string) {}
  check = always;
  async run(m: Model, r: Real) {
    const error = await outcome(() => r.service.joinWaitingList(this.person, r.ref));
    let expected: string | null = null;
    if (m.confirmed.has(this.person) || m.pending.has(this.person)) {
      expected = AlreadyEnrolledError.name;
    } else if (m.waiting.includes(this.person)) expected = null;
    else if (!m.open) expected = EnrolmentClosedError.name;
    else if (held(m) < m.places && m.waiting.length === 0) expected = CourseNotFullError.name;
    else m.waiting.push(this.person);
    expect(error, this.toString()).toBe(expected);
    await checkAgainst(m, r, this.toString());
  }
  toString = () => `join(${this.person.slice(-1)})`;
}

class Leave implements Command {
  constructor(readonly person: string) {}
  check = always;
  async run(m: Model, r: Real) {
    const left = await r.service.leaveWaitingList(this.person, r.ref);
    expect(left, this.toString()).toBe(m.waiting.includes(this.person));
    m.waiting = m.waiting.filter((p) => p !== this.person);
    await checkAgainst(m, r, this.toString());
  }
  toString = () => `leave(${this.person.slice(-1)})`;
}

/** Staff set the places (refused below the places held), as the settings do. */
class SetPlaces implements Command {
  constructor(readonly places: number) {}
  check = always;
  async run(m: Model, r: Real) {
    const stored = await r.service.changeClass(r.ref.classId, async (trx, classId) => {
      const result = await trx
        .updateTable('classes')
        .set({ places: this.places })
        .where('id', '=', classId)
        .where('taken', '<=', this.places)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
    expect(stored, this.toString()).toBe(this.places >= held(m));
    if (stored) {
      m.places = this.places;
      promote(m);
    }
    await checkAgainst(m, r, this.toString());
  }
  toString = () => `places(${this.places})`;
}

/** Staff close enrolment (a closing instant in the past) or reopen it. */
class SetOpen implements Command {
  constructor(readonly open: boolean) {}
  check = always;
  async run(m: Model, r: Real) {
    await r.service.changeClass(r.ref.classId, (trx, classId) =>
      trx
        .updateTable('classes')
        .set({ enrolment_closes_at: this.open ? null : CLOSED_AT })
        .where('id', '=', classId)
        .execute(),
    );
    m.open = this.open;
    promote(m);
    await checkAgainst(m, r, this.toString());
  }
  toString = () => (this.open ? 'reopen' : 'close');
}

/** The directory's adding or removing starts failing (503), answering late, or works again. */
class SetFaults implements Command {
  constructor(
    readonly add: Mode,
    readonly remove: Mode,
  ) {}
  check = always;
  async run(m: Model, r: Real) {
    m.add = this.add;
    m.remove = this.remove;
    r.directory.lateAdd = this.add === 'late';
    r.directory.lateRemove = this.remove === 'late';
    r.directory.fault = (operation) =>
      (operation === 'addToGroup' && this.add === 'fail') ||
      (operation === 'removeFromGroup' && this.remove === 'fail')
        ? new DirectoryError('down', 503)
        : undefined;
    return Promise.resolve();
  }
  toString = () => `faults(add ${this.add}, remove ${this.remove})`;
}

/**
 * The periodic repair: a pending place whose person is in the group is confirmed, a promoted one
 * is added again; a removal without an answer is finished (the person is not in the group); the
 * freed places go to the people waiting.
 */
class Repair implements Command {
  check = always;
  async run(m: Model, r: Real) {
    await r.service.repairPendingEnrolments(0);
    for (const [p, member] of [...m.pending]) {
      if (member) {
        m.pending.delete(p);
        m.confirmed.add(p);
      } else added(m, p);
    }
    for (const p of [...m.removing]) removed(m, p);
    await checkAgainst(m, r, this.toString());
  }
  toString = () => 'repair';
}

const person = fc.constantFrom(...PEOPLE);
const commands = [
  person.map((p) => new Enrol(p)),
  person.map((p) => new Cancel(p, false)),
  person.map((p) => new Cancel(p, true)),
  person.map((p) => new Join(p)),
  person.map((p) => new Join(p)),
  person.map((p) => new Leave(p)),
  fc.integer({ min: 1, max: 5 }).map((n) => new SetPlaces(n)),
  fc.boolean().map((open) => new SetOpen(open)),
  fc
    .tuple(fc.constantFrom<Mode>('ok', 'fail', 'late'), fc.constantFrom<Mode>('ok', 'fail', 'late'))
    .map(([add, remove]) => new SetFaults(add, remove)),
  fc.constant(new Repair()),
];

const targets = await testDatabaseTargets('waiting_model');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)('the enrolment state machine on $dialect', (target) => {
  it(
    'matches the model after every step: never overbooked, never out of order, never a phantom',
    { timeout: 60_000 },
    async () => {
      const handle = await target.open();
      const repository = createEnrolmentRepository(handle);
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'max' }), async (cmds) => {
          const { db } = handle;
          await db.deleteFrom('waiting_list').execute();
          await db.deleteFrom('staff_removals').execute();
          await db.deleteFrom('enrolments').execute();
          await db.deleteFrom('classes').where('course_slug', '=', COURSE.slug).execute();
          await db.deleteFrom('courses').where('slug', '=', COURSE.slug).execute();
          await repository.syncCourses([COURSE]);
          const directory = new LateDirectory();
          for (const p of PEOPLE) directory.addUser(p);
          // The server's clock, a millisecond further at each reading (the waiting list's order
          // and the repair's age of rows need time to pass).
          let tick = 0;
          const now = () => new Date(NOW.getTime() + tick++);
          const service = new EnrolmentService({ repository, directory, now });
          const model: Model = {
            places: COURSE.places,
            open: true,
            confirmed: new Set(),
            pending: new Map(),
            removing: new Set(),
            waiting: [],
            add: 'ok',
            remove: 'ok',
          };
          const ref = await service.requestedClass(COURSE);
          await fc.asyncModelRun(
            () => ({ model, real: { handle, service, directory, ref } }),
            cmds,
          );
        }),
        { numRuns: target.dialect === 'sqlite' ? 300 : 150 },
      );
    },
  );
});
