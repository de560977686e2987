/**
 * Roles granted for one class (decision 098): `staff_roles.class_id` names the class a Monitor(a)
 * was given, null for the roles of the whole centre. A person holds a centre role once, and may
 * monitor several classes, each once: two partial unique indexes, since a key cannot hold a null.
 * A check keeps a class on a monitor's row and on no other; a class deleted takes its monitors'
 * grants with it. The role's check cannot be altered in SQLite: the table is copied into one with
 * the new checks, on both databases alike (as migration 013 did).
 */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

const CENTRE_ROLES = ['coordenacao', 'secretaria', 'comunicacao'];

async function copyInto(db: AnyDb, roles: readonly string[], withClass: boolean): Promise<void> {
  const columns = [
    'person_id',
    'role',
    ...(withClass ? ['class_id'] : []),
    'granted_by',
    'granted_at',
  ];
  await db
    .insertInto('staff_roles_next')
    .columns(columns)
    .expression(db.selectFrom('staff_roles').select(columns).where('role', 'in', roles))
    .execute();
  await db.schema.dropTable('staff_roles').execute();
  await db.schema.alterTable('staff_roles_next').renameTo('staff_roles').execute();
}

export async function up(db: AnyDb): Promise<void> {
  const allowed = sql.join([...CENTRE_ROLES, 'monitor'].map((role) => sql.lit(role)));
  await db.schema
    .createTable('staff_roles_next')
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in (${allowed})`))
    .addColumn('class_id', 'text', (c) => c.references('classes.id').onDelete('cascade'))
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'staff_roles_class_of_monitor',
      sql`(role = 'monitor' and class_id is not null) or (role <> 'monitor' and class_id is null)`,
    )
    .execute();
  await copyInto(db, CENTRE_ROLES, false);
  await db.schema
    .createIndex('staff_roles_centre')
    .unique()
    .on('staff_roles')
    .columns(['person_id', 'role'])
    .where(sql.ref('class_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('staff_roles_class')
    .unique()
    .on('staff_roles')
    .columns(['person_id', 'class_id'])
    .where(sql.ref('class_id'), 'is not', null)
    .execute();
  // A class's monitors, read when the class is shown or deleted.
  await db.schema
    .createIndex('staff_roles_of_class')
    .on('staff_roles')
    .column('class_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const allowed = sql.join(CENTRE_ROLES.map((role) => sql.lit(role)));
  await db.schema
    .createTable('staff_roles_next')
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in (${allowed})`))
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_roles_key', ['person_id', 'role'])
    .execute();
  await copyInto(db, CENTRE_ROLES, false);
}
