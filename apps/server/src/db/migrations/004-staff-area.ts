/**
 * The staff area: roles granted in the staff area (`staff_roles`; ADMIN_EMAILS and
 * Entra's app roles are not stored), attendance per meeting, and the record of staff actions
 * (`staff_actions`: who saw or changed what, the answer to "who saw my data" under LGPD; it keeps
 * ids and an actor's name snapshot, never a participant's data). Timestamps are ISO-8601 text.
 */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('staff_roles')
    /** The account's (person's) directory id. */
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('coordenacao', 'secretaria')`))
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_roles_pk', ['person_id', 'role'])
    .execute();

  await db.schema
    .createTable('attendance')
    .addColumn('course_slug', 'text', (c) => c.notNull().references('courses.slug'))
    /** 1 for the first meeting. */
    .addColumn('meeting', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('present', 'integer', (c) => c.notNull().check(sql`present in (0, 1)`))
    .addColumn('marked_by', 'text', (c) => c.notNull())
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_pk', ['course_slug', 'meeting', 'person_id'])
    .execute();

  await db.schema
    .createTable('staff_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    /** The actor's name when acting (the record stays readable after the account changes). */
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('course_slug', 'text')
    .addColumn('subject_id', 'text')
    /** JSON object of ids and counts; never names, e-mails or phones. */
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_actions_at').on('staff_actions').column('at').execute();

  /**
   * A removal under way (staff_removals): written before the directory removes the person from the
   * course's group, deleted with the enrolment once it did. A row left by a crash is settled by the
   * repair (the person's membership decides), as for a 'pending' enrolment.
   */
  await db.schema
    .createTable('staff_removals')
    .addColumn('course_slug', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_removals_pk', ['course_slug', 'person_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['staff_removals', 'staff_actions', 'attendance', 'staff_roles']) {
    await db.schema.dropTable(table).execute();
  }
}
