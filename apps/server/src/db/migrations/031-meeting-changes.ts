/**
 * A class's meetings as dates (decision 091): `classes.meeting_changes`, the changes staff made to
 * single meetings of the weekly rule (skip a date, cancel, move, add) and the skips the centre's
 * recesses made, as a JSON array of `meetingChangeSchema` (packages/content). Kept on the class's
 * row, so that every reader of the class's settings (the enrolment's prepared statements, the
 * course page's watch, the e-mails) gets them in the same read, without another query; null: the
 * rule as it is. Changed under the class's lock, like the other settings.
 */
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('classes').addColumn('meeting_changes', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('classes').dropColumn('meeting_changes').execute();
}
