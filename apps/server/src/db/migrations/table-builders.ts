/**
 * What migrations share: their database type, and builders that emit exactly the SQL of the
 * calls they stand for. An applied migration must never change what it does, so neither may
 * these: a change here must leave both dialects' SQL of every migration the same.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the database as it was at that time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySchema = any;
export type AnyDb = Kysely<AnySchema>;

type Table = CreateTableBuilder<string, string>;

/** `.$call(required('text', 'a', 'b'))`: `.addColumn('a', 'text', (c) => c.notNull())`, then `b`. */
export const required =
  (type: 'text' | 'integer', ...names: string[]) =>
  (table: Table): Table =>
    names.reduce((built, name) => built.addColumn(name, type, (c) => c.notNull()), table);

/** The index by person of a table of people's rows, `<table>_person`: a person's rows at once. */
export async function indexByPerson(db: AnyDb, table: string): Promise<void> {
  await db.schema.createIndex(`${table}_person`).on(table).column('person_id').execute();
}
