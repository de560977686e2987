/**
 * A class's life (decisions 076 and 077):
 *
 * - `classes.calendar_sequence`: the revision of the class's meetings as calendars read it (the
 *   SEQUENCE of its calendar file's event), raised in the transaction that changes the meetings in
 *   effect, so every file the product serves for the class says the same revision;
 * - `classes.invite_mailed_at`: when the class's WhatsApp invite was mailed to the people told
 *   'O link do grupo de WhatsApp da turma será enviado a você mais tarde' (null: not yet), so a
 *   later save of the invite sends nothing again; a class that has an invite already counts as
 *   told (its people had the link in their confirmation);
 * - `completions.present` / `completions.meetings`: the attendance a completion was given from
 *   (the meetings present, and the class's meeting count then), so the person's result and a
 *   refusal of a later course can say it. Filled for the completions given before.
 */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('classes')
    .addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('classes').addColumn('invite_mailed_at', 'text').execute();
  await sql`update classes set invite_mailed_at = updated_at where invite_code is not null`.execute(
    db,
  );
  await db.schema.alterTable('completions').addColumn('present', 'integer').execute();
  await db.schema.alterTable('completions').addColumn('meetings', 'integer').execute();
  await sql`update completions set
    present = (select count(*) from attendance a
      where a.class_id = completions.class_id and a.person_id = completions.person_id
        and a.present = 1),
    meetings = (select k.meeting_count from classes k where k.id = completions.class_id)`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('completions').dropColumn('meetings').execute();
  await db.schema.alterTable('completions').dropColumn('present').execute();
  await db.schema.alterTable('classes').dropColumn('invite_mailed_at').execute();
  await db.schema.alterTable('classes').dropColumn('calendar_sequence').execute();
}
