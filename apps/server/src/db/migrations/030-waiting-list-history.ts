/**
 * The waiting list's history, for 'Relatórios' (decision 088): `waiting_list_changes`, one row each
 * time a class's list grows (+1) or shrinks (-1), and when. A row of the list is deleted when its
 * person leaves it (a place, a cancellation), so the list itself cannot say how long it was last
 * week. The rows name the class only, never the person: the history is no personal data and needs
 * no retention of its own.
 *
 * Written by triggers on `waiting_list`, so that every path that changes the list (joining,
 * promotion, cancellation, removal, a class's conclusion, retention) is counted without each one
 * remembering to: a person joins (+1 at `joined_at`), an active row is deleted (-1, now), or a row
 * becomes inactive at the class's conclusion (-1, now). Rows of the lists as they are now start the
 * history at their `joined_at`.
 */
import { SqliteAdapter, sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const POSTGRES_NOW = `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function sqliteTriggers(db: AnyDb): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create trigger waiting_list_joined after insert on waiting_list
    when new.active = 1
    begin insert into waiting_list_changes (class_id, change, at)
      values (new.class_id, 1, new.joined_at); end`);
  await run(`create trigger waiting_list_left after delete on waiting_list
    when old.active = 1
    begin insert into waiting_list_changes (class_id, change, at)
      values (old.class_id, -1, ${SQLITE_NOW}); end`);
  await run(`create trigger waiting_list_ended after update of active on waiting_list
    when old.active = 1 and new.active = 0
    begin insert into waiting_list_changes (class_id, change, at)
      values (old.class_id, -1, ${SQLITE_NOW}); end`);
}

async function postgresTriggers(db: AnyDb): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create function waiting_list_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into waiting_list_changes (class_id, change, at)
          values (new.class_id, 1, new.joined_at);
      else
        insert into waiting_list_changes (class_id, change, at)
          values (old.class_id, -1, ${POSTGRES_NOW});
      end if;
      return null;
    end $$`);
  await run(`create trigger waiting_list_joined after insert on waiting_list
    for each row when (new.active = 1) execute function waiting_list_changed()`);
  await run(`create trigger waiting_list_left after delete on waiting_list
    for each row when (old.active = 1) execute function waiting_list_changed()`);
  await run(`create trigger waiting_list_ended after update of active on waiting_list
    for each row when (old.active = 1 and new.active = 0) execute function waiting_list_changed()`);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('waiting_list_changes')
    .addColumn('class_id', 'text', (c) => c.notNull())
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waiting_list_changes_class')
    .on('waiting_list_changes')
    .columns(['class_id', 'at'])
    .execute();
  await sql`insert into waiting_list_changes (class_id, change, at)
    select class_id, 1, joined_at from waiting_list where active = 1`.execute(db);
  if (isSqlite(db)) await sqliteTriggers(db);
  else await postgresTriggers(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const trigger of ['waiting_list_joined', 'waiting_list_left', 'waiting_list_ended']) {
    await sql
      .raw(isSqlite(db) ? `drop trigger ${trigger}` : `drop trigger ${trigger} on waiting_list`)
      .execute(db);
  }
  if (!isSqlite(db)) await sql`drop function waiting_list_changed()`.execute(db);
  await db.schema.dropTable('waiting_list_changes').execute();
}
