/**
 * `courses.taken`: the number of enrolments (pending and confirmed) of each course, kept by the
 * database itself (triggers on `enrolments`), so taking a place reads one row instead of counting
 * every enrolment of the course (the count grew with the enrolments: O(n) per request during the
 * rush). Any writer, even a manual DELETE, keeps it right.
 */
import { type Kysely, sql, SqliteAdapter } from 'kysely';

// Migrations take Kysely<any>: they describe the database as it was at that time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (isSqlite(db)) {
    await sql`create trigger enrolments_taken_insert after insert on enrolments
      begin update courses set taken = taken + 1 where slug = new.course_slug; end`.execute(db);
    await sql`create trigger enrolments_taken_delete after delete on enrolments
      begin update courses set taken = taken - 1 where slug = old.course_slug; end`.execute(db);
    await sql`create trigger enrolments_taken_move after update of course_slug on enrolments
      when new.course_slug <> old.course_slug
      begin
        update courses set taken = taken - 1 where slug = old.course_slug;
        update courses set taken = taken + 1 where slug = new.course_slug;
      end`.execute(db);
  } else {
    await sql`create function enrolments_count_taken() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update courses set taken = taken - 1 where slug = old.course_slug;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update courses set taken = taken + 1 where slug = new.course_slug;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger enrolments_taken after insert or delete on enrolments
      for each row execute function enrolments_count_taken()`.execute(db);
    await sql`create trigger enrolments_taken_move after update of course_slug on enrolments
      for each row when (new.course_slug is distinct from old.course_slug)
      execute function enrolments_count_taken()`.execute(db);
  }

  await sql`update courses set taken =
    (select count(*) from enrolments e where e.course_slug = courses.slug)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    await sql`drop trigger if exists enrolments_taken_insert`.execute(db);
    await sql`drop trigger if exists enrolments_taken_delete`.execute(db);
    await sql`drop trigger if exists enrolments_taken_move`.execute(db);
  } else {
    await sql`drop trigger if exists enrolments_taken on enrolments`.execute(db);
    await sql`drop trigger if exists enrolments_taken_move on enrolments`.execute(db);
    await sql`drop function if exists enrolments_count_taken()`.execute(db);
  }
  await db.schema.alterTable('courses').dropColumn('taken').execute();
}
