/**
 * Prerequisites (issue 29, point 6; decision 061). The content gives each course's default list;
 * the database keeps only what staff decided:
 * - `prerequisite_overrides`: Coordenação's list for a course, a JSON array of course slugs ('[]':
 *   none required), replacing the content's default (no row: the default), like `places_by_staff`.
 * - `prerequisite_exceptions`: 'Liberar inscrição', one person allowed to enrol in one course
 *   without its prerequisites. Personal data: deleted with the person's account.
 */
import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the database as it was at that time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('prerequisite_overrides')
    .addColumn('course_slug', 'text', (c) => c.primaryKey().references('courses.slug'))
    .addColumn('required', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('prerequisite_exceptions')
    .addColumn('course_slug', 'text', (c) => c.notNull().references('courses.slug'))
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prerequisite_exceptions_pk', ['course_slug', 'person_id'])
    .execute();
  await db.schema
    .createIndex('prerequisite_exceptions_person')
    .on('prerequisite_exceptions')
    .column('person_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('prerequisite_exceptions').execute();
  await db.schema.dropTable('prerequisite_overrides').execute();
}
