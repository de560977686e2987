/**
 * The site's content edited in the staff area (decision 054):
 *
 * - `content_revisions`: one row per save of a document (`schedule`, later notices, texts, photos),
 *   numbered from 1 per document; the current document is its highest revision. The primary key
 *   (document, revision) settles two saves from the same revision, on any number of instances: the
 *   second insert fails and is refused as stale. `body` is the document's JSON; `author_name` a
 *   snapshot, like the staff record's.
 * - `staff_roles.role` also allows 'comunicacao' (content only). A check constraint cannot be
 *   altered in SQLite: the table is copied into one with the new check, on both databases alike.
 */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

async function rebuildStaffRoles(db: AnyDb, roles: readonly string[], key: string): Promise<void> {
  const allowed = sql.join(roles.map((role) => sql.lit(role)));
  await db.schema
    .createTable('staff_roles_next')
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in (${allowed})`))
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(key, ['person_id', 'role'])
    .execute();
  await db
    .insertInto('staff_roles_next')
    .columns(['person_id', 'role', 'granted_by', 'granted_at'])
    .expression(
      db
        .selectFrom('staff_roles')
        .select(['person_id', 'role', 'granted_by', 'granted_at'])
        .where('role', 'in', roles),
    )
    .execute();
  await db.schema.dropTable('staff_roles').execute();
  await db.schema.alterTable('staff_roles_next').renameTo('staff_roles').execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('content_revisions')
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().check(sql`revision >= 1`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_revisions_pk', ['document', 'revision'])
    .execute();
  // PostgreSQL names constraints per schema: the rebuilt table's key gets a name of its own.
  await rebuildStaffRoles(db, ['coordenacao', 'secretaria', 'comunicacao'], 'staff_roles_key');
}

export async function down(db: AnyDb): Promise<void> {
  await rebuildStaffRoles(db, ['coordenacao', 'secretaria'], 'staff_roles_pk');
  await db.schema.dropTable('content_revisions').execute();
}
