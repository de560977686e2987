/**
 * Accounts of the built-in provider (table `accounts`): created at sign-up, checked at sign-in, and
 * turned into the provider's claims and the Graph-shaped `/v1.0/me` answer. The local directory's
 * users are these rows.
 */
import { randomUUID } from 'node:crypto';
import type { GraphMe } from '@centro/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { AccountsTable, Database } from '../../db/schema.js';
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from './passwords.js';

export type AccountRow = Selectable<AccountsTable>;

/** What sign-up collects, already validated and normalised (see form-validation.ts). */
export interface NewAccount {
  displayName: string;
  /** Lower-cased. */
  email: string;
  password: string;
  /** "+CC DD NNNNN-NNNN". */
  celular: string;
  /** "DD/MM/YYYY". */
  dataNascimento: string;
}

/** Sign-up with an e-mail that already has an account. */
export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
  constructor() {
    super('e-mail already registered');
  }
}

/** The sign-in e-mail as stored: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export class AccountStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', normaliseEmail(email))
      .executeTakeFirst();
  }

  /** @throws EmailTakenError when the e-mail already has an account (checked by the database). */
  async create(account: NewAccount): Promise<AccountRow> {
    return this.insert(await this.newRow(account));
  }

  /** A new account's row, its password hashed (slow on purpose: keep it out of transactions). */
  async newRow(account: NewAccount): Promise<AccountRow> {
    const now = this.now().toISOString();
    const email = normaliseEmail(account.email);
    return {
      id: randomUUID(),
      email,
      password_hash: await hashPassword(account.password),
      display_name: account.displayName,
      mail: email,
      // The phone and birth date are kept once (decision 078): Perfil changes these same columns.
      mobile_phone: account.celular,
      data_nascimento: account.dataNascimento,
      privacy_accepted_at: now,
      created_at: now,
      updated_at: now,
      email_verified_at: null,
    };
  }

  /**
   * Writes a row from `newRow`, with `db` (a transaction of the caller's, or the store's database).
   * @throws EmailTakenError when the e-mail already has an account (checked by the database).
   */
  async insert(row: AccountRow, db: Kysely<Database> = this.db): Promise<AccountRow> {
    try {
      await db.insertInto('accounts').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
    return row;
  }

  /**
   * The account when the e-mail and password match, else null. Takes the same time whether or not
   * the e-mail exists. Upgrades the stored hash when its parameters are older than today's.
   */
  async authenticate(email: string, password: string): Promise<AccountRow | null> {
    const account = await this.findByEmail(email);
    if (!account) return verifyAgainstNothing(password).then(() => null);
    if (!(await verifyPassword(password, account.password_hash))) return null;
    if (needsRehash(account.password_hash)) {
      await this.db
        .updateTable('accounts')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', account.id)
        .execute();
    }
    return account;
  }
}

/** The provider's claims of an account (`oid` mirrors `sub`, as Entra's tokens carry both). */
export function accountClaims(account: AccountRow) {
  return {
    sub: account.id,
    oid: account.id,
    name: account.display_name,
    preferred_username: account.email,
    // Only an address the person proved (a code, or a reset link) is an `email`: never one typed
    // without proof, such as a contact address changed through the API.
    ...(account.email_verified_at !== null && account.mail === account.email
      ? { email: account.mail, email_verified: true }
      : { email_verified: false }),
  };
}

/** The Graph-shaped answer of `GET /v1.0/me` for an account. */
export function graphMe(account: AccountRow): GraphMe {
  return {
    id: account.id,
    displayName: account.display_name,
    mail: account.mail,
    mobilePhone: account.mobile_phone,
    birthday: null,
    extensionCelular: account.mobile_phone,
    extensionDataNascimento: account.data_nascimento,
  };
}
