/**
 * Ended sessions: `token_revocations` holds, per person (directory id),
 * the instant before which every token of theirs is refused: the identity provider's access tokens
 * at /api/auth/get-token and the server's API tokens everywhere. Written on a password reset, an
 * account's deletion and 'Sair'; read by every instance into memory once a second
 * (auth/token-revocations.ts). No foreign key: a deleted account's row must outlive the account,
 * until every token issued before it has expired (rows older than a day are pruned).
 */
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('token_revocations')
    .addColumn('person_id', 'text', (c) => c.primaryKey())
    // ISO 8601 UTC with milliseconds, as every instant of the schema: sorts as text.
    .addColumn('valid_after', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('token_revocations_valid_after')
    .on('token_revocations')
    .column('valid_after')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('token_revocations').execute();
}
