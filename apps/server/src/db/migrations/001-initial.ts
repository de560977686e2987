/** The initial schema: identity provider, local directory, courses and enrolments. */
import { sql } from 'kysely';
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('mail', 'text', (c) => c.notNull())
    .addColumn('mobile_phone', 'text')
    .addColumn('birthday', 'text')
    .addColumn('extension_celular', 'text')
    .addColumn('extension_data_nascimento', 'text')
    .addColumn('data_nascimento', 'text')
    .addColumn('privacy_accepted_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema
    .createIndex('oidc_payloads_grant_id')
    .on('oidc_payloads')
    .column('grant_id')
    .execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
  await db.schema
    .createIndex('oidc_payloads_user_code')
    .on('oidc_payloads')
    .column('user_code')
    .execute();
  await db.schema
    .createIndex('oidc_payloads_expires_at')
    .on('oidc_payloads')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('directory_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('directory_memberships')
    .addColumn('group_id', 'text', (c) => c.notNull().references('directory_groups.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('directory_memberships_pk', ['group_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('courses')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().unique())
    .addColumn('places', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('enrolments')
    .addColumn('course_slug', 'text', (c) => c.notNull().references('courses.slug'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'confirmed')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('enrolments_pk', ['course_slug', 'user_id'])
    .execute();
  await db.schema.createIndex('enrolments_status').on('enrolments').column('status').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'login_failures',
    'enrolments',
    'courses',
    'directory_memberships',
    'directory_groups',
    'oidc_payloads',
    'accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
