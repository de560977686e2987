/**
 * The outbox: the table of messages to send (migration 003), one code path for SQLite and
 * PostgreSQL except for how a sender claims due messages.
 *
 * - `enqueue(trx, message)` writes the message with the caller's Kysely transaction, so it exists
 *   exactly when the event that causes it (an enrolment, a sign-up, a reset request) committed.
 * - `claim(n)` gives each due message to exactly one sender, whatever the number of server
 *   instances: it marks them 'sending' under a lease (`lease_until`) and a token of its own.
 *   PostgreSQL: the due rows are selected `FOR UPDATE SKIP LOCKED` inside the UPDATE, so two
 *   senders claiming at once take different rows and never wait for each other. SQLite: inside
 *   `BEGIN IMMEDIATE`, which takes the database's write lock before reading (even another process
 *   on the same file waits). A sender that dies while holding a claim leaves rows 'sending' until
 *   the lease ends; then another sender takes them again (that attempt counts).
 * - `markSent` clears the body in the same statement: no sent row holds a secret (decision 051).
 * - `markSent` / `markFailed` change a row only while the caller's claim holds (same token), so a
 *   sender whose lease ran out cannot overwrite the outcome of the one that took over. A failed
 *   attempt waits `backoffBaseMs · 2^(attempt-1)` (at most `backoffMaxMs`) before the next; after
 *   `maxAttempts` the row stays 'failed', visible, with the last error.
 *
 * Delivery is therefore at least once: a crash after the SMTP server accepted a message and
 * before `markSent` sends it again once (decision 019).
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.js';
import { writeTransaction } from '../db/write-transaction.js';
import type { Database, MailOutboxTable, MailStatus } from '../db/schema.js';
import { type DataMailRow, dataMailRow, SENT_WITHOUT_BODY } from './data-rows.js';
import { backoffMs, describeMailError } from './failed-attempts.js';
import { mailPriority, PLACE_KINDS, PRIORITY_KINDS, supersededPlaceMessages } from './priority.js';
import type { MailAttachment, MailData, MailKind, MailMessage, MailSettings } from './types.js';

export {
  type DataMailRow,
  dataMailRow,
  dataRowInsert,
  dataRowsInsertSelect,
  insertDataRows,
  SENT_WITHOUT_BODY,
} from './data-rows.js';

/** A claimed message, as the sender delivers it. */
export interface ClaimedMail extends MailMessage {
  id: string;
  /** Attempts so far, this one included. */
  attempts: number;
  /** The claim's token: `markSent` and `markFailed` need it. */
  claimToken: string;
  createdAt: string;
  /** A message kept as data (decision 033): composed by the sender before delivery; else null. */
  data?: MailData | null;
}

/** What `markFailed` did. */
export type FailureOutcome = 'retry' | 'failed' | 'lost';

export type OutboxSettings = Pick<
  MailSettings,
  'maxAttempts' | 'backoffBaseMs' | 'backoffMaxMs' | 'leaseMs'
>;

export interface MailOutbox {
  /**
   * Adds a message to send, with the caller's transaction (`db.transaction().execute(trx => …)`):
   * written and committed together with its cause, or not at all. Answers the message's id.
   * @throws InvalidRecipientError when `to` is not one e-mail address.
   */
  enqueue(trx: Kysely<Database>, message: MailMessage): Promise<string>;
  /**
   * The outbox row of a message kept as its data (decision 033), made now, for a caller that writes
   * it in its own statement or transaction (`dataRowInsert`, `dataRowsInsertSelect`): a small row,
   * composed by the sender at delivery.
   */
  dataRow(data: MailData): DataMailRow;
  /**
   * Takes up to `limit` due messages for this sender alone (see above): codes and links first, then
   * confirmations, then the rest, each oldest first (decision 080). Unsent messages about a place
   * that a later one makes pointless are deleted first (mail/priority.ts).
   */
  claim(limit: number): Promise<ClaimedMail[]>;
  /** Delivered: its body goes (decision 051). False when the claim was lost (another took over). */
  markSent(mail: ClaimedMail): Promise<boolean>;
  /**
   * A message kept as data turned out to have nothing to send (see `MailComposer`): its row goes.
   * False when the claim was lost.
   */
  markDropped(mail: ClaimedMail): Promise<boolean>;
  /**
   * The attempt failed: 'retry' (pending again after a backoff), 'failed' (that was the last
   * attempt) or 'lost' (the claim had passed to another sender; nothing changed).
   */
  markFailed(mail: ClaimedMail, error: unknown): Promise<FailureOutcome>;
  /** Deletes messages sent before `before` (their recipients are personal data). */
  deleteSentBefore(before: Date): Promise<number>;
  /** Messages kept as data (confirmations, notices) sent to the person since `since`. */
  sentToPerson(personId: string, since: Date): Promise<number>;
  /** Number of messages by status, for operators. */
  counts(): Promise<Record<MailStatus, number>>;
  /** When the next pending message is due, if any. */
  nextDueAt(): Promise<Date | undefined>;
}

/** The recipient is not one e-mail address (the message was not queued). */
export class InvalidRecipientError extends Error {
  override name = 'InvalidRecipientError';
  constructor() {
    super('The recipient of a message must be one e-mail address.');
  }
}

const recipientSchema = z.email();

const parseData = (text: string | null | undefined) =>
  text ? (JSON.parse(text) as MailData) : null;

function toClaimed(row: Selectable<MailOutboxTable>): ClaimedMail {
  return {
    data: parseData(row.data),
    id: row.id,
    kind: row.kind as MailKind,
    to: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    attachments: JSON.parse(row.attachments) as MailAttachment[],
    attempts: row.attempts,
    claimToken: row.claim_token ?? '',
    createdAt: row.created_at,
  };
}

export function createMailOutbox(
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
  settings: OutboxSettings,
  now: () => Date = () => new Date(),
): MailOutbox {
  const { db, dialect } = handle;

  /**
   * Deletes the unsent messages about a place that a later one about the same person and course
   * makes pointless (decision 080). PostgreSQL: the rows are locked first, so a message another
   * sender claimed meanwhile is no longer unsent here, and its follower is kept.
   */
  async function dropSuperseded(conn: Kysely<Database>): Promise<number> {
    const people = await conn
      .selectFrom('mail_outbox')
      .select('person_id')
      .where('status', '=', 'pending')
      .where('kind', 'in', PLACE_KINDS)
      .where('person_id', 'is not', null)
      .groupBy('person_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    const ids = people.flatMap((p) => (p.person_id === null ? [] : [p.person_id]));
    if (ids.length === 0) return 0;
    const work = async (trx: Kysely<Database>) => {
      let unsent = trx
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'person_id', 'data', 'created_at'])
        .where('status', '=', 'pending')
        .where('kind', 'in', PLACE_KINDS)
        .where('person_id', 'in', ids);
      if (dialect === 'postgres') unsent = unsent.forUpdate();
      const byPlace = new Map<string, { id: string; kind: string; createdAt: string }[]>();
      for (const row of await unsent.execute()) {
        const data = parseData(row.data);
        const course = data && 'courseSlug' in data ? data.courseSlug : '';
        const key = `${row.person_id ?? ''} ${course}`;
        const list = byPlace.get(key) ?? [];
        list.push({ id: row.id, kind: row.kind, createdAt: row.created_at });
        byPlace.set(key, list);
      }
      const dropped = [...byPlace.values()].flatMap(supersededPlaceMessages);
      if (dropped.length === 0) return 0;
      const result = await trx
        .deleteFrom('mail_outbox')
        .where('id', 'in', dropped)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    };
    return dialect === 'postgres' ? db.transaction().execute(work) : work(conn);
  }

  /** The claim's order: codes and links, confirmations, the rest (mail/priority.ts). */
  const priority = sql<number>`case when kind in (${sql.join(
    PRIORITY_KINDS.urgent.map((k) => sql.lit(k)),
  )}) then 0 when kind in (${sql.join(
    PRIORITY_KINDS.confirmations.map((k) => sql.lit(k)),
  )}) then 1 else 2 end`;

  /** The claim's statements, on `conn` (SQLite: inside the immediate transaction). */
  async function claimOn(conn: Kysely<Database>, limit: number) {
    await dropSuperseded(conn);
    const at = now();
    const nowIso = at.toISOString();
    // A claim that ran out during the last allowed attempt: that attempt is over.
    await conn
      .updateTable('mail_outbox')
      .set({
        status: 'failed',
        lease_until: null,
        claim_token: null,
        last_error: 'interrupted during the last attempt (the sender stopped before it ended)',
      })
      .where('status', '=', 'sending')
      .where('lease_until', '<=', nowIso)
      .where('attempts', '>=', settings.maxAttempts)
      .execute();
    const due = conn
      .selectFrom('mail_outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
          eb.and([
            eb('status', '=', 'sending'),
            eb('lease_until', '<=', nowIso),
            eb('attempts', '<', settings.maxAttempts),
          ]),
        ]),
      )
      .orderBy(priority)
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .limit(limit);
    const rows = await conn
      .updateTable('mail_outbox')
      .set((eb) => ({
        status: 'sending' as const,
        attempts: eb('attempts', '+', 1),
        lease_until: new Date(at.getTime() + settings.leaseMs).toISOString(),
        claim_token: randomUUID(),
      }))
      .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returningAll()
      .execute();
    return rows
      .map(toClaimed)
      .sort(
        (a, b) =>
          mailPriority(a.kind) - mailPriority(b.kind) ||
          a.createdAt.localeCompare(b.createdAt) ||
          a.id.localeCompare(b.id),
      );
  }

  /** The outbox row of a new message, as an insert compiled for `on`'s dialect. */
  function insert(on: Kysely<Database>, message: MailMessage) {
    const id = randomUUID();
    if (!recipientSchema.safeParse(message.to).success) throw new InvalidRecipientError();
    const at = now().toISOString();
    const query = on
      .insertInto('mail_outbox')
      .values({
        id,
        kind: message.kind,
        recipient: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: JSON.stringify(message.attachments),
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
      })
      .compile();
    return { id, query };
  }

  return {
    async enqueue(trx, message) {
      const { id, query } = insert(trx, message);
      await trx.executeQuery(query);
      return id;
    },

    dataRow: (data) => dataMailRow(data, now()),

    async claim(limit) {
      if (dialect === 'postgres') return claimOn(db, limit);
      // SQLite: one immediate transaction on the (single) connection.
      return writeTransaction({ db, dialect }, (conn) => claimOn(conn, limit));
    },

    async markSent(mail) {
      const result = await db
        .updateTable('mail_outbox')
        .set({
          ...SENT_WITHOUT_BODY,
          // A message kept as data had no subject until it was composed: the person's data lists it.
          ...(mail.data ? { subject: mail.subject } : {}),
          status: 'sent',
          sent_at: now().toISOString(),
          lease_until: null,
          claim_token: null,
          last_error: null,
        })
        .where('id', '=', mail.id)
        .where('status', '=', 'sending')
        .where('claim_token', '=', mail.claimToken)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markDropped(mail) {
      const result = await db
        .deleteFrom('mail_outbox')
        .where('id', '=', mail.id)
        .where('status', '=', 'sending')
        .where('claim_token', '=', mail.claimToken)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async markFailed(mail, error) {
      const last = mail.attempts >= settings.maxAttempts;
      const at = now();
      const result = await db
        .updateTable('mail_outbox')
        .set({
          status: last ? 'failed' : 'pending',
          next_attempt_at: new Date(
            at.getTime() + (last ? 0 : backoffMs(mail.attempts, settings)),
          ).toISOString(),
          lease_until: null,
          claim_token: null,
          last_error: describeMailError(error),
        })
        .where('id', '=', mail.id)
        .where('status', '=', 'sending')
        .where('claim_token', '=', mail.claimToken)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return 'lost';
      return last ? 'failed' : 'retry';
    },

    async deleteSentBefore(before) {
      const result = await db
        .deleteFrom('mail_outbox')
        .where('status', '=', 'sent')
        .where('sent_at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async sentToPerson(personId, since) {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('person_id', '=', personId)
        .where('status', '=', 'sent')
        .where('sent_at', '>=', since.toISOString())
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async counts() {
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute();
      const counts: Record<MailStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    async nextDueAt() {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.min('next_attempt_at').as('due'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row?.due ? new Date(row.due) : undefined;
    },
  };
}
