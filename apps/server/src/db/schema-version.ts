/**
 * Refuses a database newer than this program: one holding a migration this version does not know
 * (written by a later release). Kysely would stop with "corrupted migrations"; this says what
 * happened and what to do, before anything is changed. Also used by restore, on a backup's list.
 */
import type { Kysely } from 'kysely';
import { migrationProvider } from './migrations/index.js';

export class DatabaseNewerError extends Error {
  override name = 'DatabaseNewerError';
  constructor(
    readonly unknown: readonly string[],
    where = 'The database',
  ) {
    super(
      `${where} was written by a newer version of this program: it has the migration(s) ${unknown.join(', ')}, which this version does not know. Run the newer version (or restore a backup made by this version); this version stops rather than risk damaging the data.`,
    );
  }
}

/** The names of every migration this program has, in order. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

/** The applied migrations this program does not know. */
export function unknownMigrations(applied: readonly string[], known: readonly string[]): string[] {
  const knownSet = new Set(known);
  return applied.filter((name) => !knownSet.has(name));
}

/** Throws DatabaseNewerError when `applied` holds a migration not in `known`. */
export function assertNotNewer(
  applied: readonly string[],
  known: readonly string[],
  where?: string,
): void {
  const unknown = unknownMigrations(applied, known);
  if (unknown.length > 0) throw new DatabaseNewerError(unknown, where);
}

/** The migrations recorded in the database (none when it was never migrated). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  try {
    const rows = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
    return rows.map((row: { name: string }) => row.name);
  } catch {
    return [];
  }
}

/** Throws DatabaseNewerError when the database holds a migration this program does not know. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function assertDatabaseNotNewer(db: Kysely<any>): Promise<void> {
  assertNotNewer(await appliedMigrations(db), await knownMigrations());
}
