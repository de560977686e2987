/**
 * The staff record keeps who acted and counts repeated views (decision 049):
 * - `actor_email`: the staff member's sign-in e-mail when acting, beside the name kept since
 *   migration 004, so deleting their account no longer turns their own actions into 'Conta
 *   excluída' (the centre's record of who saw whose data is its legal obligation). Rows written
 *   before are filled from the accounts that exist now.
 * - `view_count` and `last_at`: a view of the same thing by the same person shortly after their
 *   last one adds to that row instead of writing a new one (`last_at`: the last time).
 * - Indexes for the record's filters (staff member, course, participant, action), newest first.
 */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

const INDEXES = [
  ['staff_actions_actor', 'actor_id'],
  ['staff_actions_course', 'course_slug'],
  ['staff_actions_subject', 'subject_id'],
  ['staff_actions_action', 'action'],
] as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('staff_actions').addColumn('actor_email', 'text').execute();
  await db.schema
    .alterTable('staff_actions')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('staff_actions').addColumn('last_at', 'text').execute();
  await db
    .updateTable('staff_actions')
    .set({
      actor_email: sql`(select accounts.email from accounts where accounts.id = staff_actions.actor_id)`,
    })
    .execute();
  for (const [name, column] of INDEXES) {
    await db.schema.createIndex(name).on('staff_actions').columns([column, 'at']).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  for (const column of ['last_at', 'view_count', 'actor_email']) {
    await db.schema.alterTable('staff_actions').dropColumn(column).execute();
  }
}
