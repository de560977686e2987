/**
 * The reminder two days before a class's first meeting: `classes.reminded_at`,
 * the instant the reminders of the class were written to the outbox (null: not yet). It is set in
 * the transaction that writes them (enrolment/class-reminders.ts), so each class is reminded once,
 * whatever the number of instances and restarts.
 */
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('classes').addColumn('reminded_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('classes').dropColumn('reminded_at').execute();
}
