/**
 * The built-in provider's e-mail proofs: password-reset links and e-mail verification
 * codes, each stored only as a SHA-256 hash with its expiry, and when an account's address was last
 * proven, and a contact address ('E-mail' of the profile) waiting for its owner to confirm it.
 * Accounts created before this migration are unverified (`email_verified_at` null): where
 * verification is required they confirm their address at their next sign-in.
 */
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_account')
    .on('password_resets')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('email_verifications')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('contact_email_changes')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('new_mail', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('contact_email_changes').execute();
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.dropTable('password_resets').execute();
  await db.schema.alterTable('accounts').dropColumn('email_verified_at').execute();
}
