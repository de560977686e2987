/**
 * The `local` directory (the embedded default): users are the built-in provider's `accounts` rows,
 * groups and memberships are tables of our database. One Kysely code path for SQLite and
 * PostgreSQL.
 */
import { allCourses } from '@centro/content';
import { formatPhone, type UpdatableUserField, type UserDetails } from '@centro/contracts';
import { phoneQueryDigits } from '@centro/contracts/people-query';
import { type Kysely, type Selectable, sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.js';
import { KeyedBatches } from '../db/keyed-batches.js';
import type { SqliteStatements } from '../db/sqlite-dialect.js';
import type { AccountsTable, Database } from '../db/schema.js';
import {
  type Directory,
  DirectoryError,
  DirectoryGroupNotFoundError,
  DirectoryUserNotFoundError,
} from './directory.js';

/** Group ids are GUIDs, compared without regard to case; the local tables keep them lower-cased. */
export function normaliseGroupId(groupId: string): string {
  return groupId.toLowerCase();
}

const COLUMN_OF_FIELD = {
  displayName: 'display_name',
  mail: 'mail',
  mobilePhone: 'mobile_phone',
} as const satisfies Record<UpdatableUserField, string>;

const ACCOUNT_COLUMNS = ['id', 'display_name', 'mail', 'mobile_phone', 'data_nascimento'] as const;

type DirectoryAccountRow = Pick<Selectable<AccountsTable>, (typeof ACCOUNT_COLUMNS)[number]>;

export interface CourseGroup {
  groupId: string;
  title: string;
}

/**
 * Makes sure every course of the content has its group, named after the course (a changed title is
 * updated). Idempotent and safe when several server instances start at once.
 */
export async function syncCourseGroups(
  db: Kysely<Database>,
  courses: readonly CourseGroup[] = allCourses(),
): Promise<void> {
  if (courses.length === 0) return;
  await db
    .insertInto('directory_groups')
    .values(courses.map((c) => ({ id: normaliseGroupId(c.groupId), display_name: c.title })))
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ display_name: (eb) => eb.ref('excluded.display_name') })
        .where('directory_groups.display_name', '<>', (eb) => eb.ref('excluded.display_name')),
    )
    .execute();
}

export interface LocalDirectoryOptions {
  /** The clock (tests). */
  now?: () => Date;
  /**
   * Batch the concurrent reads of users and additions to a group (PostgreSQL: one round trip for
   * many enrolments, `KeyedBatches`). SQLite runs in the process: nothing to gain.
   */
  batch?: boolean;
  /**
   * SQLite: the hot path's prepared statements (db/sqlite-dialect.ts): the addition of a member
   * runs there, without Kysely's executor (about 5 % of an enrolment's CPU in the rush).
   */
  statements?: Pick<SqliteStatements, 'run'>;
}

/** The addition of a member when the group and the person exist. Parameters: at, group, user. */
const ADD_MEMBER = `insert into directory_memberships (group_id, user_id, created_at)
  select g.id, a.id, ? from directory_groups g, accounts a
  where g.id = ? and a.id = ?
  on conflict (group_id, user_id) do nothing`;

export function createLocalDirectory(
  db: Kysely<Database>,
  options: LocalDirectoryOptions = {},
): Directory {
  const now = options.now ?? (() => new Date());

  // PostgreSQL (options.batch): the users read and the members added by concurrent requests, in
  // one statement each (the key is unused for users, the group for members).
  const users = options.batch
    ? new KeyedBatches<string, DirectoryAccountRow | undefined>(async (_, ids) => {
        const rows = await db
          .selectFrom('accounts')
          .select(ACCOUNT_COLUMNS)
          .where('id', 'in', [...new Set(ids)])
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id));
      })
    : undefined;
  const additions = options.batch
    ? new KeyedBatches<string, boolean>(async (group, ids) => {
        const rows = await db
          .insertInto('directory_memberships')
          .columns(['group_id', 'user_id', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom(['directory_groups as g', 'accounts as a'])
              .select(['g.id', 'a.id as user_id', eb.val(now().toISOString()).as('created_at')])
              .where('g.id', '=', group)
              .where('a.id', 'in', [...new Set(ids)]),
          )
          .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
          .returning('user_id')
          .execute();
        const added = new Set(rows.map((r) => r.user_id));
        return ids.map((id) => added.has(id));
      })
    : undefined;

  // The person's details and the two writes of a first enrolment, compiled once (decision 066).
  const selectUser = compiledOnce(db, 1, (id: string) =>
    db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('id', '=', id),
  );
  const updateColumn = (column: (typeof COLUMN_OF_FIELD)[UpdatableUserField]) =>
    compiledOnce(db, 3, (value: string | null, at: string, id: string) =>
      db
        .updateTable('accounts')
        .set({ [column]: value, updated_at: at })
        .where('id', '=', id),
    );
  const updates = new Map(Object.values(COLUMN_OF_FIELD).map((c) => [c, updateColumn(c)]));
  const updateBirthDate = compiledOnce(db, 3, (birthDate: string, at: string, id: string) =>
    db
      .updateTable('accounts')
      .set({ data_nascimento: birthDate, updated_at: at })
      .where('id', '=', id),
  );
  const changed = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

  async function userExists(id: string): Promise<boolean> {
    const row = await db
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  const directory: Directory = {
    async findUsers(text, limit) {
      // A whole phone finds its one account (the desk, decision 095): stored normalised once.
      const digits = phoneQueryDigits(text);
      const phone = digits === null ? null : formatPhone(digits);
      if (phone?.ok) {
        const rows = await db
          .selectFrom('accounts')
          .select(['id', 'email', 'display_name'])
          .where('mobile_phone', '=', phone.value)
          .orderBy('display_name')
          .limit(limit)
          .execute();
        return rows.map((r) => ({ id: r.id, displayName: r.display_name, mail: r.email }));
      }
      const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .selectFrom('accounts')
        .select(['id', 'email', 'display_name'])
        .where((eb) =>
          eb.or([
            sql<boolean>`lower(email) like ${pattern} escape '\\'`,
            sql<boolean>`lower(display_name) like ${pattern} escape '\\'`,
          ]),
        )
        .orderBy('display_name')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, displayName: r.display_name, mail: r.email }));
    },

    async getUser(id) {
      const row = users ? await users.call('', id) : (await selectUser(id)).rows[0];
      if (!row) return null;
      const user: UserDetails = {
        id: row.id,
        displayName: row.display_name,
        mail: row.mail,
        // One phone and one birth date (decision 078), answered under each of Graph's names
        // a client may read, so no two ever disagree; Graph's ISO `birthday` is not held here.
        mobilePhone: row.mobile_phone,
        birthday: null,
        extensionCelular: row.mobile_phone,
        extensionDataNascimento: row.data_nascimento,
        dataNascimento: row.data_nascimento,
      };
      return user;
    },

    async updateUser(id, field, value) {
      const update = updates.get(COLUMN_OF_FIELD[field]);
      if (update === undefined) throw new TypeError(`Not an updatable field: ${String(field)}`);
      const result = await update(value, now().toISOString(), id);
      if (changed(result) === 0) throw new DirectoryUserNotFoundError();
    },

    async setBirthDate(id, birthDate) {
      const result = await updateBirthDate(birthDate, now().toISOString(), id);
      if (changed(result) === 0) throw new DirectoryUserNotFoundError();
    },

    async addToGroup(groupId, userId) {
      const group = normaliseGroupId(groupId);
      // One statement when the group and the person exist (every enrolment: a round
      // trip less twice over; batched on PostgreSQL); the reads below only explain a row not
      // inserted.
      if (additions) {
        if (await additions.call(group, userId)) return;
      } else if (options.statements) {
        const at = now().toISOString();
        if ((await options.statements.run(ADD_MEMBER, [at, group, userId])) > 0) return;
      } else {
        const added = await sql`insert into directory_memberships (group_id, user_id, created_at)
        select g.id, a.id, ${now().toISOString()} from directory_groups g, accounts a
        where g.id = ${group} and a.id = ${userId}
        on conflict (group_id, user_id) do nothing`.execute(db);
        if (Number(added.numAffectedRows ?? 0) > 0) return;
      }
      const known = await db
        .selectFrom('directory_groups')
        .select('id')
        .where('id', '=', group)
        .executeTakeFirst();
      if (!known) {
        throw new DirectoryGroupNotFoundError(
          `The local directory has no group ${group}: only the content's course groups exist.`,
        );
      }
      if (!(await userExists(userId))) throw new DirectoryUserNotFoundError();
      await db
        .insertInto('directory_memberships')
        .values({ group_id: group, user_id: userId, created_at: now().toISOString() })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .execute();
    },

    async removeFromGroup(groupId, userId) {
      await db
        .deleteFrom('directory_memberships')
        .where('group_id', '=', normaliseGroupId(groupId))
        .where('user_id', '=', userId)
        .execute();
    },

    async isMember(groupId, userId) {
      const row = await db
        .selectFrom('directory_memberships')
        .select('user_id')
        .where('group_id', '=', normaliseGroupId(groupId))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async ping() {
      await sql`select 1`.execute(db);
    },
  };

  return withDatabaseFailuresAsDirectoryErrors(directory);
}

const KNOWN_ERRORS = [DirectoryError, DirectoryUserNotFoundError, TypeError];

/**
 * The port promises DirectoryError (502/503) for a directory that cannot answer: a database failure
 * under the local directory becomes a DirectoryError 503, keeping the original as its cause.
 */
function withDatabaseFailuresAsDirectoryErrors(directory: Directory): Directory {
  const wrap =
    <A extends unknown[], R>(operation: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (error) {
        if (KNOWN_ERRORS.some((known) => error instanceof known)) throw error;
        throw new DirectoryError(`The local directory could not ${operation}.`, 503, {
          cause: error,
        });
      }
    };
  return {
    getUser: wrap('read the user', directory.getUser),
    updateUser: wrap('update the user', directory.updateUser),
    setBirthDate: wrap('set the birth date', directory.setBirthDate),
    addToGroup: wrap('add the user to the group', directory.addToGroup),
    removeFromGroup: wrap('remove the user from the group', directory.removeFromGroup),
    isMember: wrap('check the membership', directory.isMember),
    ping: wrap('answer', directory.ping),
    findUsers: wrap('search the users', directory.findUsers),
  };
}
