/**
 * Prerequisites (decision 061). The content gives each course's default list;
 * the database keeps only what staff decided:
 * - `prerequisite_overrides`: Coordenação's list for a course, a JSON array of course slugs ('[]':
 *   none required), replacing the content's default (no row: the default), like `places_by_staff`.
 * - `prerequisite_exceptions`: 'Liberar inscrição', one person allowed to enrol in one course
 *   without its prerequisites. Personal data: deleted with the person's account.
 */
import { type AnyDb, indexByPerson, required } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('prerequisite_overrides')
    .addColumn('course_slug', 'text', (c) => c.primaryKey().references('courses.slug'))
    .$call(required('text', 'required', 'changed_by', 'changed_at'))
    .execute();
  await db.schema
    .createTable('prerequisite_exceptions')
    .addColumn('course_slug', 'text', (c) => c.notNull().references('courses.slug'))
    .$call(required('text', 'person_id', 'granted_by', 'granted_at'))
    .addPrimaryKeyConstraint('prerequisite_exceptions_pk', ['course_slug', 'person_id'])
    .execute();
  await indexByPerson(db, 'prerequisite_exceptions');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('prerequisite_exceptions').execute();
  await db.schema.dropTable('prerequisite_overrides').execute();
}
