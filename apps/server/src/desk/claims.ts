/**
 * Claiming what the desk enrolled (decision 095): a person enrolled without an account signs up
 * later and finds the enrolment theirs. Two ways, both safe against someone else taking it:
 *
 * - **a verified e-mail**: when the account's e-mail is proven (built-in provider: its sign-in
 *   e-mail with `email_verified_at`; Microsoft Entra ID: the tenant's `mail`, which the tenant
 *   owns), every desk person not claimed yet with that e-mail becomes theirs. Checked when the
 *   person opens 'Minhas inscrições' (one indexed read).
 * - **the claim code** the desk gave on paper, for a person without an e-mail or whose e-mail is
 *   not proven: a phone typed at the desk proves nothing, so a phone alone never claims.
 *
 * The rows move in one transaction (desk-store.ts); then the account joins the groups of the
 * places it received. A directory failure there is logged and not retried: the place is theirs
 * all the same (decision 095 names this).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Directory } from '../directory/directory.js';
import { Refusal } from '../refusals/refusal.js';
import { claimCodeHash, isClaimCode } from './claim-code.js';
import type { DeskStore } from './desk-store.js';

export interface DeskClaimsOptions {
  db: Kysely<Database>;
  desk: Pick<DeskStore, 'unclaimedByMail' | 'unclaimedByCode' | 'claim'>;
  directory: Pick<Directory, 'getUser' | 'addToGroup'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
}

export function createDeskClaims(options: DeskClaimsOptions) {
  const { db, desk, directory, log } = options;
  const now = options.now ?? (() => new Date());

  /** The account's proven e-mail, lower case; null: none proven. */
  async function verifiedEmail(accountId: string): Promise<string | null> {
    const account = await db
      .selectFrom('accounts')
      .select(['email', 'email_verified_at'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (account) return account.email_verified_at === null ? null : account.email.toLowerCase();
    // No built-in account: the tenant's directory holds the person and owns their address.
    const user = await directory.getUser(accountId);
    return user?.mail?.trim().toLowerCase() || null;
  }

  async function claim(deskId: string, accountId: string): Promise<number> {
    const { rows, places } = await desk.claim(deskId, accountId, now());
    for (const place of places) {
      try {
        await directory.addToGroup(place.groupId, accountId);
      } catch (error) {
        log.warn({ err: error, course: place.courseSlug }, 'claim: could not join the group');
      }
    }
    return rows;
  }

  return {
    /** Claims the desk people with the account's proven e-mail; answers the rows claimed. */
    async byVerifiedEmail(accountId: string): Promise<number> {
      const email = await verifiedEmail(accountId);
      if (email === null) return 0;
      let rows = 0;
      for (const { id } of await desk.unclaimedByMail(email)) rows += await claim(id, accountId);
      return rows;
    },

    /**
     * Claims the desk person holding `code` (normalised).
     * @throws Refusal claimCodeUnknown
     */
    async byCode(accountId: string, code: string): Promise<number> {
      const deskId = isClaimCode(code) ? await desk.unclaimedByCode(claimCodeHash(code)) : null;
      if (deskId === null) throw new Refusal('claimCodeUnknown');
      return claim(deskId, accountId);
    },
  };
}

export type DeskClaims = ReturnType<typeof createDeskClaims>;
