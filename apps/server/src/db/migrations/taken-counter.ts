/**
 * A parent row's `taken` column kept by the database itself: triggers on `enrolments` add one for
 * each enrolment inserted, take one away for each deleted, and move one when an enrolment changes
 * parent. Written once for the two migrations that count places this way: `courses.taken`
 * (migration 002) and `classes.taken` (migration 012). The names are the migrations' own constants,
 * never input.
 */
import { sql, SqliteAdapter } from 'kysely';
import type { AnyDb } from './table-builders.js';

export interface TakenCounter {
  /** Part of the triggers' names: `enrolments_<name>_insert`, `enrolments_count_<name>()`... */
  name: string;
  /** The counted table (`courses`, `classes`) and its key column. */
  parent: string;
  parentKey: string;
  /** The column of `enrolments` naming the parent. */
  childKey: string;
}

export async function createTakenCounter(db: AnyDb, counter: TakenCounter): Promise<void> {
  const { name, parent, parentKey, childKey } = counter;
  const id = (text: string) => sql.raw(text);
  const minus = sql`update ${id(parent)} set taken = taken - 1 where ${id(parentKey)} = old.${id(childKey)};`;
  const plus = sql`update ${id(parent)} set taken = taken + 1 where ${id(parentKey)} = new.${id(childKey)};`;
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create trigger ${id(`enrolments_${name}_insert`)} after insert on enrolments
      begin ${plus} end`.execute(db);
    await sql`create trigger ${id(`enrolments_${name}_delete`)} after delete on enrolments
      begin ${minus} end`.execute(db);
    await sql`create trigger ${id(`enrolments_${name}_move`)} after update of ${id(childKey)} on enrolments
      when new.${id(childKey)} is not old.${id(childKey)}
      begin ${minus} ${plus} end`.execute(db);
    return;
  }
  await sql`create function ${id(`enrolments_count_${name}`)}() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then ${minus} end if;
      if tg_op in ('INSERT', 'UPDATE') then ${plus} end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${id(`enrolments_${name}`)} after insert or delete on enrolments
    for each row execute function ${id(`enrolments_count_${name}`)}()`.execute(db);
  await sql`create trigger ${id(`enrolments_${name}_move`)} after update of ${id(childKey)} on enrolments
    for each row when (new.${id(childKey)} is distinct from old.${id(childKey)})
    execute function ${id(`enrolments_count_${name}`)}()`.execute(db);
}
