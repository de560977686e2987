/**
 * A check-in token per enrolment (decision 097): the random code its QR code holds, read at the
 * door to mark the person present. Neither the row's keys nor the person's e-mail: a photo of the
 * code names nobody. 32 upper-case hex characters (128 random bits in SQLite, a version-4 UUID's
 * 122 in PostgreSQL), which a QR code holds in its compact alphanumeric mode.
 *
 * Given by the database to every row, existing ones included, whichever path inserts it (a web
 * enrolment, a promotion from the waiting list, the desk), so none can forget it. PostgreSQL draws a
 * volatile default per row; SQLite cannot add a column with one, so a trigger fills a new row's.
 * A move to another class updates the row and keeps its token: the printed code stays good.
 */
import { SqliteAdapter, sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

const SQLITE_TOKEN = 'upper(hex(randomblob(16)))';
const POSTGRES_TOKEN = `upper(replace(gen_random_uuid()::text, '-', ''))`;

export async function up(db: AnyDb): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (isSqlite(db)) {
    await run('alter table enrolments add column check_in_token text');
    await run(`update enrolments set check_in_token = ${SQLITE_TOKEN}`);
    await run(`create trigger enrolments_check_in_token after insert on enrolments
      when new.check_in_token is null
      begin update enrolments set check_in_token = ${SQLITE_TOKEN}
        where class_id = new.class_id and user_id = new.user_id; end`);
  } else {
    await run(
      `alter table enrolments add column check_in_token text not null default ${POSTGRES_TOKEN}`,
    );
  }
  await db.schema
    .createIndex('enrolments_check_in_token')
    .on('enrolments')
    .column('check_in_token')
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('enrolments_check_in_token').execute();
  if (isSqlite(db)) await sql.raw('drop trigger enrolments_check_in_token').execute(db);
  await db.schema.alterTable('enrolments').dropColumn('check_in_token').execute();
}
