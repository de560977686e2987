/**
 * 'Avise-me quando abrir': `opening_alerts`, one row per person who asked to be
 * told when a course's enrolment opens (unique course and person). The row goes in the transaction
 * that writes its e-mail (enrolment/opening-alerts.ts), so each person is told once, whatever the
 * number of instances; it also goes when the person deletes their account or cancels the alert.
 */
import { type AnyDb, indexByPerson, required } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('opening_alerts')
    .addColumn('course_slug', 'text', (c) => c.notNull().references('courses.slug'))
    .$call(required('text', 'person_id', 'created_at'))
    .addPrimaryKeyConstraint('opening_alerts_pk', ['course_slug', 'person_id'])
    .execute();
  await indexByPerson(db, 'opening_alerts');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('opening_alerts').execute();
}
