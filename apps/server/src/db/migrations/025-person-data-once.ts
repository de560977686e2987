/**
 * A person's data stored once, and the role a staff action was done in (decision 078; the people
 * an action touched are `staff_action_subjects`, migration 026):
 * - `accounts`: one phone (`mobile_phone`) and one birth date (`data_nascimento`). Sign-up wrote
 *   `extension_celular` and `extension_data_nascimento`, Perfil and enrolment the other two, and the
 *   staff lists read the sign-up copy: a phone changed in Perfil never reached them. The value
 *   written last moves into the kept column (what Perfil wrote, else what sign-up did; `birthday`,
 *   ISO, turned to DD/MM/YYYY, last), then the other columns go.
 * - `staff_actions.actor_role`: the role the staff member acted in, which the person is shown
 *   instead of the staff member's name (null before this migration).
 */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

const DROPPED = ['extension_celular', 'extension_data_nascimento', 'birthday'] as const;

export async function up(db: AnyDb): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      mobile_phone: sql`coalesce(nullif(trim(mobile_phone), ''), nullif(trim(extension_celular), ''))`,
      data_nascimento: sql`coalesce(
        nullif(trim(data_nascimento), ''),
        nullif(trim(extension_data_nascimento), ''),
        case when birthday like '____-__-__%'
          then substr(birthday, 9, 2) || '/' || substr(birthday, 6, 2) || '/' || substr(birthday, 1, 4)
        end)`,
    })
    .execute();
  for (const column of DROPPED) {
    await db.schema.alterTable('accounts').dropColumn(column).execute();
  }

  await db.schema.alterTable('staff_actions').addColumn('actor_role', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('staff_actions').dropColumn('actor_role').execute();
  for (const column of DROPPED) {
    await db.schema.alterTable('accounts').addColumn(column, 'text').execute();
  }
  await db
    .updateTable('accounts')
    .set({
      extension_celular: sql`mobile_phone`,
      extension_data_nascimento: sql`data_nascimento`,
    })
    .execute();
}
