/**
 * The `recesses` table (migration 032, decision 092), owned here: the centre's recesses, as the
 * staff area lists them, `/horarios` shows them and a new class has them applied.
 */
import { randomUUID } from 'node:crypto';
import type { Recess } from '@centro/content';
import type { Kysely } from 'kysely';
import type { Database, RecessesTable } from '../db/schema.js';

/** A stored recess (its id always set). */
export type StoredRecess = Recess & { id: string };

const recessOf = (row: RecessesTable): StoredRecess => ({
  id: row.id,
  name: row.name,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  then: row.meetings_then,
});

export function createRecessStore(db: Kysely<Database>) {
  return {
    /** Every recess, the earliest first. */
    async all(): Promise<StoredRecess[]> {
      const rows = await db
        .selectFrom('recesses')
        .selectAll()
        .orderBy('starts_on')
        .orderBy('id')
        .execute();
      return rows.map(recessOf);
    },

    /** Stores a recess entered by `by`; answers it with its id. */
    async add(recess: Recess, by: string, now: Date): Promise<StoredRecess> {
      const id = randomUUID();
      await db
        .insertInto('recesses')
        .values({
          id,
          name: recess.name,
          starts_on: recess.startsOn,
          ends_on: recess.endsOn,
          meetings_then: recess.then,
          created_by: by,
          created_at: now.toISOString(),
        })
        .execute();
      return { ...recess, id };
    },

    /** Deletes a recess; the one deleted, or undefined when there was none. */
    async remove(id: string): Promise<StoredRecess | undefined> {
      const row = await db
        .selectFrom('recesses')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      await db.deleteFrom('recesses').where('id', '=', id).execute();
      return recessOf(row);
    },
  };
}

export type RecessStore = ReturnType<typeof createRecessStore>;
