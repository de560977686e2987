/**
 * The local directory on SQLite and on PostgreSQL. PostgreSQL runs when TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) answers; each run gets its own schema, dropped after.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { allCourses, type Course } from '@centro/content';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createDirectory } from './create-directory.js';
import {
  type Directory,
  DirectoryError,
  DirectoryGroupNotFoundError,
  DirectoryUserNotFoundError,
} from './directory.js';
import { createLocalDirectory, syncCourseGroups } from './local-directory.js';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
async function postgresUnavailable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const pgProblem = await postgresUnavailable();
if (pgProblem) {
  console.warn(
    `Skipping the local directory's PostgreSQL tests: ${PG_URL} unreachable (${pgProblem}).`,
  );
}

interface Backend {
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  return {
    open: () => openDatabase({ dataDir: tmpdir(), sqliteFile: ':memory:' }),
    cleanup: async () => undefined,
  };
}

function postgresBackend(): Backend {
  const schema = `directory_test_${randomUUID().replace(/-/g, '')}`;
  const admin = () => new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  return {
    async open() {
      const client = admin();
      await client.connect();
      await client.query(`create schema if not exists ${schema}`);
      await client.end();
      const url = new URL(PG_URL);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return openDatabase({ databaseUrl: url.href, dataDir: tmpdir(), poolSize: 4 });
    },
    async cleanup() {
      const client = admin();
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

const backends: [string, () => Backend, string | undefined][] = [
  ['SQLite', sqliteBackend, undefined],
  ['PostgreSQL', postgresBackend, pgProblem],
];

const [COURSE, OTHER_COURSE] = allCourses() as [Course, Course, ...Course[]];

describe.each(backends)('local directory on %s', (_name, makeBackend, unavailable) => {
  const backend = makeBackend();
  let handle: DatabaseHandle;
  let directory: Directory;
  let clock = new Date('2025-03-01T12:00:00.000Z');

  async function addAccount(overrides: Partial<Record<string, string | null>> = {}) {
    const id = randomUUID();
    await handle.db
      .insertInto('accounts')
      .values({
        id,
        email: `${id}@example.org`,
        password_hash: 'scrypt$test',
        display_name: 'Maria da Silva',
        mail: 'maria@example.org',
        mobile_phone: '+55 11 91234-5678',
        data_nascimento: '01/02/1990',
        privacy_accepted_at: '2025-01-01T00:00:00.000Z',
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
        ...overrides,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    if (unavailable) return;
    handle = await backend.open();
    await syncCourseGroups(handle.db);
    // As the server makes it: batched on PostgreSQL, prepared statements on SQLite.
    directory = createLocalDirectory(handle.db, {
      now: () => clock,
      batch: handle.dialect === 'postgres',
      ...(handle.sqlite ? { statements: handle.sqlite } : {}),
    });
  });

  afterAll(async () => {
    if (unavailable) return;
    // Undefined when opening failed: the cleanup still runs.
    await (handle as DatabaseHandle | undefined)?.close();
    await backend.cleanup();
  });

  beforeEach((context) => {
    if (unavailable) context.skip();
    clock = new Date('2025-03-01T12:00:00.000Z');
  });

  describe('syncCourseGroups', () => {
    it("creates one group per course, named after it, with the course's group id", async () => {
      const rows = await handle.db
        .selectFrom('directory_groups')
        .selectAll()
        .orderBy('id')
        .execute();
      const expected = allCourses()
        .map((c) => ({ id: c.groupId.toLowerCase(), display_name: c.title }))
        .sort((a, b) => a.id.localeCompare(b.id));
      expect(rows).toEqual(expected);
      expect(rows).toHaveLength(20);
    });

    it('is idempotent, even when several instances start at once, and follows renamed courses', async () => {
      await Promise.all([1, 2, 3, 4, 5].map(() => syncCourseGroups(handle.db)));
      await syncCourseGroups(handle.db, [
        { groupId: COURSE.groupId.toUpperCase(), title: 'Novo título' },
      ]);
      const renamed = await handle.db
        .selectFrom('directory_groups')
        .select('display_name')
        .where('id', '=', COURSE.groupId.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(renamed.display_name).toBe('Novo título');
      await syncCourseGroups(handle.db);
      const count = await handle.db
        .selectFrom('directory_groups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(20);
    });
  });

  describe('users', () => {
    it('maps an account to the user details, its one phone and birth date under each name', async () => {
      const id = await addAccount();
      expect(await directory.getUser(id)).toEqual({
        id,
        displayName: 'Maria da Silva',
        mail: 'maria@example.org',
        mobilePhone: '+55 11 91234-5678',
        birthday: null,
        extensionCelular: '+55 11 91234-5678',
        extensionDataNascimento: '01/02/1990',
        dataNascimento: '01/02/1990',
      });
    });

    it('answers null for an unknown user', async () => {
      expect(await directory.getUser(randomUUID())).toBeNull();
    });

    it.each([
      ['displayName', 'display_name', 'Maria Souza'],
      ['mail', 'mail', 'maria.souza@example.org'],
      ['mobilePhone', 'mobile_phone', '+55 21 99876-5432'],
    ] as const)('updates %s and updated_at', async (field, column, value) => {
      const id = await addAccount();
      clock = new Date('2025-03-02T08:30:00.000Z');
      await directory.updateUser(id, field, value);
      const row = await handle.db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row[column]).toBe(value);
      expect(row.updated_at).toBe('2025-03-02T08:30:00.000Z');
      expect((await directory.getUser(id))?.[field]).toBe(value);
    });

    it('keeps the birth date as data_nascimento', async () => {
      const id = await addAccount();
      await directory.setBirthDate(id, '15/08/1985');
      expect((await directory.getUser(id))?.dataNascimento).toBe('15/08/1985');
      expect((await directory.getUser(id))?.extensionDataNascimento).toBe('15/08/1985');
    });

    it('refuses to change an unknown user', async () => {
      await expect(
        directory.updateUser(randomUUID(), 'mail', 'a@example.org'),
      ).rejects.toBeInstanceOf(DirectoryUserNotFoundError);
      await expect(directory.setBirthDate(randomUUID(), '01/01/2000')).rejects.toBeInstanceOf(
        DirectoryUserNotFoundError,
      );
    });
  });

  describe('groups', () => {
    it('adds a member idempotently, whatever the case of the group id', async () => {
      const id = await addAccount();
      expect(await directory.isMember(COURSE.groupId, id)).toBe(false);
      await directory.addToGroup(COURSE.groupId, id);
      await directory.addToGroup(COURSE.groupId.toUpperCase(), id);
      expect(await directory.isMember(COURSE.groupId, id)).toBe(true);
      expect(await directory.isMember(COURSE.groupId.toUpperCase(), id)).toBe(true);
      expect(await directory.isMember(OTHER_COURSE.groupId, id)).toBe(false);
      const rows = await handle.db
        .selectFrom('directory_memberships')
        .selectAll()
        .where('user_id', '=', id)
        .execute();
      expect(rows).toEqual([
        { group_id: COURSE.groupId.toLowerCase(), user_id: id, created_at: clock.toISOString() },
      ]);
    });

    it('keeps one membership when the same person is added many times at once', async () => {
      const id = await addAccount();
      await Promise.all(
        Array.from({ length: 10 }, () => directory.addToGroup(OTHER_COURSE.groupId, id)),
      );
      const rows = await handle.db
        .selectFrom('directory_memberships')
        .select('group_id')
        .where('user_id', '=', id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a group that is not a course group, with a clear 502 error', async () => {
      const id = await addAccount();
      const error = await directory.addToGroup(randomUUID(), id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DirectoryGroupNotFoundError);
      expect(error).toBeInstanceOf(DirectoryError);
      expect((error as DirectoryError).status).toBe(502);
      expect((error as Error).message).toMatch(/only the content's course groups exist/);
    });

    it('refuses an unknown user, and says an unknown user is no member', async () => {
      const stranger = randomUUID();
      await expect(directory.addToGroup(COURSE.groupId, stranger)).rejects.toBeInstanceOf(
        DirectoryUserNotFoundError,
      );
      expect(await directory.isMember(COURSE.groupId, stranger)).toBe(false);
    });
  });

  it('answers ping', async () => {
    await expect(directory.ping()).resolves.toBeUndefined();
  });

  it('createDirectory chooses it by default, after synchronising the course groups', async () => {
    await handle.db.deleteFrom('directory_memberships').execute();
    await handle.db.deleteFrom('directory_groups').execute();
    const adapter = await createDirectory({ graph: undefined }, handle.db);
    expect(adapter.kind).toBe('local');
    const id = await addAccount();
    await adapter.addToGroup(COURSE.groupId, id);
    expect(await adapter.isMember(COURSE.groupId, id)).toBe(true);
    await adapter.close();
  });
});

describe('local directory when its database fails', () => {
  it('answers DirectoryError 503, keeping the cause', async () => {
    const handle = await openDatabase({ dataDir: tmpdir(), sqliteFile: ':memory:' });
    const directory = createLocalDirectory(handle.db);
    await handle.close();
    const error = await directory.ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DirectoryError);
    expect((error as DirectoryError).status).toBe(503);
    expect((error as Error).cause).toBeInstanceOf(Error);
    await expect(directory.getUser('x')).rejects.toMatchObject({ status: 503 });
  });
});
