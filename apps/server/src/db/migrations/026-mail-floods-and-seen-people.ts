/**
 * Limits on what one account can make the centre do, and the people a staff view showed
 * (decisions 080 and 081):
 *
 * - `limited_actions`: one row per action a limit counts (limits/limited-actions.ts): a person's
 *   enrolment, cancellation or waiting-list change in a course (`scope`: its slug), a staff
 *   member's people search. Kept for the limit's window; the person's rows go with their account.
 * - `staff_action_subjects`: the accounts a staff action concerned, when it concerned several (a
 *   people search lists the people it returned), so filtering the record by a person, and the
 *   person's own data, find the views that showed them. `staff_actions.subject_id` stays for
 *   the actions about one person.
 * - `mail_outbox_person`: the outbox by person, for the daily cap of a person's messages and for
 *   finding the unsent messages a later one replaces.
 */
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('limited_actions')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('limited_actions_person')
    .on('limited_actions')
    .columns(['person_id', 'kind', 'scope', 'at'])
    .execute();
  await db.schema
    .createTable('staff_action_subjects')
    .addColumn('action_id', 'text', (c) => c.notNull().references('staff_actions.id'))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_action_subjects_pk', ['action_id', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('staff_action_subjects_subject')
    .on('staff_action_subjects')
    .column('subject_id')
    .execute();
  await db.schema
    .createIndex('mail_outbox_person')
    .on('mail_outbox')
    .columns(['person_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('mail_outbox_person').execute();
  await db.schema.dropTable('staff_action_subjects').execute();
  await db.schema.dropTable('limited_actions').execute();
}
