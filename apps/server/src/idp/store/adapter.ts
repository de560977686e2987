/**
 * oidc-provider's storage on Kysely (table `oidc_payloads`): sessions, interactions, grants, codes,
 * refresh tokens... one row per model and id, the payload as JSON. The same queries run on SQLite
 * and PostgreSQL, so several server instances sharing one PostgreSQL share the provider's state.
 * Expired rows are never returned and are deleted by `deleteExpiredPayloads`, run periodically.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type EpochSeconds = () => number;

const epochSeconds: EpochSeconds = () => Math.floor(Date.now() / 1000);

export class KyselyOidcAdapter implements Adapter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly model: string,
    private readonly now: EpochSeconds = epochSeconds,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: typeof expiresIn === 'number' ? this.now() + expiresIn : null,
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['model', 'id']).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          user_code: row.user_code,
          uid: row.uid,
          expires_at: row.expires_at,
          consumed_at: null,
        }),
      )
      .execute();
  }

  private findWhere(column: 'id' | 'uid' | 'user_code', value: string) {
    // Ids come from requests (codes, refresh tokens, client ids): PostgreSQL text cannot hold NUL
    // (the query fails, a 500), and no stored id has one.
    if (value.includes('\u0000')) return Promise.resolve(undefined);
    const now = this.now();
    return this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst()
      .then((row) => {
        if (!row) return undefined;
        const payload = JSON.parse(row.payload) as AdapterPayload;
        return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
      });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: this.now() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where('model', '=', this.model)
      .where('grant_id', '=', grantId)
      .execute();
  }
}

/** The provider's `adapter` option: one adapter per model, all on this database. */
export function kyselyAdapterFactory(db: Kysely<Database>, now?: EpochSeconds) {
  return (model: string): Adapter => new KyselyOidcAdapter(db, model, now);
}

/** Deletes every expired row; answers how many. */
export async function deleteExpiredPayloads(
  db: Kysely<Database>,
  now: EpochSeconds = epochSeconds,
): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<=', now())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The provider's models that hold a signed-in state of an account. */
const ACCOUNT_MODELS = [
  'Session',
  'Grant',
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'Interaction',
];

/**
 * Ends everything that keeps an account signed in: its sessions, grants, codes, access and
 * refresh tokens, pending interactions. Account ids are UUIDs, stored by `JSON.stringify` as
 * `"accountId":"<id>"` in every one of these payloads (nested in an interaction's session).
 */
export async function endAccountSessions(db: Kysely<Database>, accountId: string): Promise<number> {
  if (!/^[0-9a-f-]{36}$/i.test(accountId)) throw new Error('not an account id');
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('model', 'in', ACCOUNT_MODELS)
    .where('payload', 'like', `%"accountId":"${accountId}"%`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
