/**
 * A sent message keeps no body (decision 051): reset links, contact-change
 * links and verification codes stayed readable in `mail_outbox` for 30 days after sending, and in
 * every backup. From now on the outbox clears the body when it marks a message sent; this clears
 * the rows sent before. Nothing to undo: the bodies are not needed again.
 */
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ html: '', text: '', attachments: '[]' })
    .where('status', '=', 'sent')
    .execute();
}

export async function down(): Promise<void> {
  // The cleared bodies are gone; the schema did not change.
}
