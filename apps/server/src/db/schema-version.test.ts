/** A database newer than the program (a migration it does not know) is refused, clearly. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../tests/support/postgres.js';
import { openDatabase } from './database.js';
import {
  DatabaseNewerError,
  assertNotNewer,
  knownMigrations,
  unknownMigrations,
} from './schema-version.js';

describe('schema version', () => {
  it('knows every migration of this program, in order', async () => {
    const known = await knownMigrations();
    expect(known.slice(0, 2)).toEqual(['001-initial', '002-course-places-taken']);
    expect([...known].sort()).toEqual(known);
  });

  it('accepts an older or equal database and names what is unknown', () => {
    const known = ['001-a', '002-b'];
    expect(unknownMigrations(['001-a'], known)).toEqual([]);
    expect(() => assertNotNewer(['001-a', '002-b'], known)).not.toThrow();
    expect(unknownMigrations(['001-a', '002-b', '003-c'], known)).toEqual(['003-c']);
    expect(() => assertNotNewer(['001-a', '002-b', '003-c'], known)).toThrow(
      /newer version of this program: it has the migration\(s\) 003-c/,
    );
  });
});

const pgDatabase = await createPostgresTestDatabase('schema_version');
afterAll(async () => {
  await pgDatabase?.drop();
});

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe.each([
  { dialect: 'sqlite', url: undefined as string | undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', url: pgDatabase.url }] : []),
])('opening a newer database on $dialect', ({ url }) => {
  it('stops before migrating, naming the unknown migration', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'centro-schema-version-'));
    dirs.push(dir);
    const options = { dataDir: dir, ...(url ? { databaseUrl: url, poolSize: 1 } : {}) };
    const handle = await openDatabase(options);
    await handle.db
      .insertInto('kysely_migration' as never)
      .values({ name: '999-from-the-future', timestamp: new Date().toISOString() } as never)
      .execute();
    await handle.close();

    const error = await openDatabase(options).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DatabaseNewerError);
    expect((error as Error).message).toContain('999-from-the-future');
  });
});
