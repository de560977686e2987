/**
 * Ended sessions (decision 047): per person, an instant before which
 * every token of theirs is refused, the identity provider's access tokens (at get-token) and the
 * server's API tokens (every person's call). Set on a password reset, an account's deletion and
 * 'Sair', in the database (`token_revocations`), so every instance sharing it applies it.
 *
 * The check is on the hot path of the enrolment rush, so it never waits for the database: each
 * instance keeps the instants in a Map, read again from the database once a second (only the rows
 * changed lately), and applies its own revocations at once. Another instance's revocation takes
 * effect here within about a second.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** How often the instants are read again from the database. */
export const TOKEN_REVOCATIONS_REFRESH_MS = 1_000;
/**
 * How long an instant is kept: longer than any token issued before it can live (the provider's
 * access tokens live an hour, Entra's at most 90 minutes; the API tokens minutes).
 */
export const TOKEN_REVOCATIONS_KEPT_MS = 24 * 60 * 60 * 1_000;
/** Rows re-read behind the newest one seen: a revocation committed late by another instance. */
const LATE_COMMIT_MS = 60_000;
/** How often rows past TOKEN_REVOCATIONS_KEPT_MS are deleted. */
const PRUNE_EVERY_MS = 60 * 60 * 1_000;

/**
 * Whether a token issued at `issuedAtSeconds` (a JWT's `iat`, whole seconds) is refused by the
 * instant `validAfterMs`. A token of the very second of the instant passes: `iat` cannot tell
 * whether it came before or after, and refusing it would refuse a sign-in right after 'Sair'.
 */
export function revokedBy(issuedAtSeconds: number, validAfterMs: number | undefined): boolean {
  return validAfterMs !== undefined && issuedAtSeconds < Math.floor(validAfterMs / 1_000);
}

/**
 * The end of the second of `at`: with it, a token of that very second is refused too. For a reset
 * and a deletion, after which nobody signs in again within the second.
 */
export function endOfSecond(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 1_000) * 1_000 + 1_000);
}

/** Writes the instant (within the caller's transaction): tokens issued before `at` are refused. */
export async function recordTokenRevocation(
  db: Kysely<Database>,
  personId: string,
  at: Date,
): Promise<void> {
  const validAfter = at.toISOString();
  await db
    .insertInto('token_revocations')
    .values({ person_id: personId, valid_after: validAfter })
    .onConflict((oc) => oc.column('person_id').doUpdateSet({ valid_after: validAfter }))
    .execute();
}

export interface TokenRevocations {
  /** Whether the person's token issued at `issuedAtSeconds` is refused. No I/O. */
  refuses(personId: string, issuedAtSeconds: number): boolean;
  /** Applies an instant this instance has just written (before the next refresh). */
  note(personId: string, at: Date): void;
  /** Writes the instant and applies it here at once ('Sair'). */
  revoke(personId: string, at?: Date): Promise<void>;
  /** Reads the instants changed lately (the timer calls it; tests may too). */
  refresh(): Promise<void>;
  /** Stops the timer. */
  close(): void;
}

export interface TokenRevocationsOptions {
  now?: () => number;
  refreshMs?: number;
  /** Told when a refresh fails (the previous instants stay in force). */
  onError?: (error: unknown) => void;
}

/** Reads every instant still in force, then keeps them fresh every `refreshMs`. */
export async function startTokenRevocations(
  db: Kysely<Database>,
  options: TokenRevocationsOptions = {},
): Promise<TokenRevocations> {
  const now = options.now ?? Date.now;
  const validAfter = new Map<string, number>();
  let newest = now() - TOKEN_REVOCATIONS_KEPT_MS;
  let lastPrune = now();

  const apply = (personId: string, at: number) => {
    if (at > (validAfter.get(personId) ?? -Infinity)) validAfter.set(personId, at);
  };

  async function refresh(): Promise<void> {
    const since = new Date(Math.max(0, newest - LATE_COMMIT_MS)).toISOString();
    const rows = await db
      .selectFrom('token_revocations')
      .select(['person_id', 'valid_after'])
      .where('valid_after', '>', since)
      .execute();
    for (const row of rows) {
      const at = Date.parse(row.valid_after);
      apply(row.person_id, at);
      newest = Math.max(newest, at);
    }
    if (now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now();
      const cutoff = now() - TOKEN_REVOCATIONS_KEPT_MS;
      await db
        .deleteFrom('token_revocations')
        .where('valid_after', '<', new Date(cutoff).toISOString())
        .execute();
      for (const [person, at] of validAfter) if (at < cutoff) validAfter.delete(person);
    }
  }

  await refresh();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refresh()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = false;
      });
  }, options.refreshMs ?? TOKEN_REVOCATIONS_REFRESH_MS);
  timer.unref();

  return {
    refuses: (personId, issuedAtSeconds) => revokedBy(issuedAtSeconds, validAfter.get(personId)),
    note: (personId, at) => apply(personId, at.getTime()),
    async revoke(personId, at = new Date(now())) {
      await recordTokenRevocation(db, personId, at);
      apply(personId, at.getTime());
    },
    refresh,
    close: () => clearInterval(timer),
  };
}
