/**
 * Certificates of completion (decision 094): `certificates`, one row per certificate a person was
 * given for a completion ('Concluído') of a class, with its verification code, the random,
 * unguessable text printed on the PDF and typed at `/certificados/<código>`, never an id. A row is
 * written the first time the person asks for the PDF, and `withdrawn_at` is set when the
 * completion is withdrawn (the class reopened, or Coordenação changing it to 'Não concluído'): the
 * code then answers 'Certificado inválido' for ever, and a completion given again gets a new code.
 * At most one certificate in effect per person and class (a partial unique index, on both
 * databases). Personal data: deleted with the person's account, like their completions.
 */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('certificates')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('course_slug', 'text', (c) => c.notNull())
    .addColumn('class_id', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema
    .createIndex('certificates_in_effect')
    .on('certificates')
    .columns(['class_id', 'person_id'])
    .unique()
    .where(sql.ref('withdrawn_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('certificates_person')
    .on('certificates')
    .column('person_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('certificates').execute();
}
