/**
 * The mail outbox: every message the product sends is first a row here, written in the
 * same transaction as the event that causes it (an enrolment, a sign-up, a reset request); the
 * sender (mail/sender.ts) claims due rows, delivers them and marks them. Timestamps are ISO-8601
 * text, like every other table, so both databases compare them as strings.
 */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** Which message it is ("enrolment-confirmation"...): what logs and operators may see. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** JSON array of {filename, contentType, content, encoding}. */
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    /** While 'sending': until when the claim holds; after it, another sender may take the row. */
    .addColumn('lease_until', 'text')
    /** While 'sending': the claim's own token, so only its holder can mark the row. */
    .addColumn('claim_token', 'text')
    /** Error of the last failed attempt (code and reply, addresses removed). */
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The sender's query: due rows by status and time.
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
