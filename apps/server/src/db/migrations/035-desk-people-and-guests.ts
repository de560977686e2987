/**
 * Enrolment at the desk and walk-ins at the door (decisions 095 and 096):
 *
 * - `desk_people`: a person Secretaria or Coordenação enrolled without an account. Their id
 *   (`desk-<uuid>`) stands in the enrolment's rows like an account's until they claim it: then the
 *   rows take the account's id and `claimed_by` keeps which. The consent they gave in person is
 *   kept with who recorded it, when, and the exact wording read to them. The claim code is kept as
 *   its SHA-256 only.
 * - `meeting_guests`: someone who came to a meeting without a place (a guest of that meeting):
 *   counted apart from the class's attendance, never in its completions.
 */
import { required, type AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('desk_people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required('text', 'display_name'))
    .addColumn('mail', 'text')
    .addColumn('mobile_phone', 'text')
    .addColumn('phone_digits', 'text')
    .$call(required('text', 'claim_code_hash', 'consent_text', 'consent_by', 'consent_at'))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .execute();
  await db.schema.createIndex('desk_people_mail').on('desk_people').column('mail').execute();
  await db.schema
    .createIndex('desk_people_code')
    .on('desk_people')
    .column('claim_code_hash')
    .unique()
    .execute();
  await db.schema
    .createTable('meeting_guests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required('text', 'class_id', 'course_slug'))
    .$call(required('integer', 'meeting'))
    .$call(required('text', 'name', 'added_by', 'added_at'))
    .execute();
  await db.schema
    .createIndex('meeting_guests_meeting')
    .on('meeting_guests')
    .columns(['class_id', 'meeting'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('meeting_guests').execute();
  await db.schema.dropTable('desk_people').execute();
}
