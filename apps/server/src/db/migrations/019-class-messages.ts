/**
 * 'Enviar mensagem à turma' (decision 063): `class_messages`, one row per
 * message a staff member sent to a class: who sent it (id and name when sending, like the staff
 * record), its subject, when, to how many people and whether the waiting list was included. Not
 * its text: the outbox clears a sent body (decision 051) and nothing here keeps it longer. The
 * rows of the last 24 hours are the class's daily limit (staff/class-messages.ts).
 */
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('class_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id'))
    .addColumn('course_slug', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    // 0/1 like attendance.present: one representation on SQLite and PostgreSQL.
    .addColumn('with_waiting_list', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('class_messages_class_sent')
    .on('class_messages')
    .columns(['class_id', 'sent_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('class_messages').execute();
}
