/**
 * 'Avise-me quando abrir' (issue 30, point 1): `opening_alerts`, one row per person who asked to be
 * told when a course's enrolment opens (unique course and person). The row goes in the transaction
 * that writes its e-mail (enrolment/opening-alerts.ts), so each person is told once, whatever the
 * number of instances; it also goes when the person deletes their account or cancels the alert.
 */
import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the database as it was at that time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('opening_alerts')
    .addColumn('course_slug', 'text', (c) => c.notNull().references('courses.slug'))
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('opening_alerts_pk', ['course_slug', 'person_id'])
    .execute();
  await db.schema
    .createIndex('opening_alerts_person')
    .on('opening_alerts')
    .column('person_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('opening_alerts').execute();
}
