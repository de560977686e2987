/**
 * Course settings kept in the database, changed by Coordenação and applied at once:
 * every column null means "the content package's default". `places` was already in `courses`
 * (synchronised from the content at start-up); `places_by_staff` = 1 keeps a staff change from
 * being overwritten by that synchronisation. Enrolment opening and closing are UTC instants
 * (ISO-8601 text, compared as strings like every timestamp here): null = always open / never
 * closes.
 */
import type { AnyDb } from './table-builders.js';

const COLUMNS: [string, 'text' | 'integer'][] = [
  ['invite_code', 'text'],
  ['enrolment_opens_at', 'text'],
  ['enrolment_closes_at', 'text'],
  ['first_meeting', 'text'],
  ['meeting_weekday', 'text'],
  ['meeting_time', 'text'],
  ['meeting_count', 'integer'],
  ['meeting_duration_minutes', 'integer'],
  ['meeting_room', 'text'],
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('places_by_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable('courses').addColumn(name, type).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('courses').dropColumn(name).execute();
  }
  await db.schema.alterTable('courses').dropColumn('places_by_staff').execute();
}
