/**
 * Messages kept as their data (decision 033): an enrolment's confirmation e-mail is
 * queued as what it is about (`data`: the course, as JSON) and for whom (`person_id`), and
 * composed by the sender at delivery, instead of several KB of composed HTML, text and calendar
 * written per enrolment in the rush. `recipient`, `subject`, `html`, `text` stay empty ('') and
 * `attachments` '[]' on such rows; rows written before keep their composed text and are sent as
 * they are. `person_id` also lets the deletion of a person's data find their queued messages.
 */
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('person_id', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('data', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('data').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('person_id').execute();
}
