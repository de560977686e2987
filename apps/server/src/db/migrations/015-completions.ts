/**
 * Completion: `completions`, one row per participant of a concluded class,
 * 'Concluiu' (`concluded` 1) or 'Não concluiu' (0), written when Coordenação concludes the class
 * ('Encerrar turma', staff/classes.ts). Prerequisites will need it, so it is kept while the account
 * exists (the retention of a course's rows does not touch it) and goes with the account.
 * `changed_by` and `reason`: a later change by Coordenação (null: as computed).
 */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('completions')
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('course_slug', 'text', (c) => c.notNull().references('courses.slug'))
    .addColumn('class_id', 'text', (c) => c.notNull())
    // 0/1 like attendance.present: one representation on SQLite and PostgreSQL.
    .addColumn('concluded', 'integer', (c) => c.notNull().check(sql`concluded in (0, 1)`))
    .addColumn('concluded_at', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text')
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('completions_pk', ['class_id', 'person_id'])
    .execute();
  await db.schema.createIndex('completions_person').on('completions').column('person_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('completions').execute();
}
