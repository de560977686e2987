/**
 * The outbox rows of messages kept as their data (decision 033): a small row of ids the sender
 * composes at delivery, written by the event's own statement or transaction (the enrolment's
 * confirmation, a promotion, a notice), in Kysely or in the prepared SQL of a batched statement.
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { MailData, MailKind } from './types.js';

/** A sent row keeps kind, recipient, subject, times; never its body (a secret: decision 051). */
export const SENT_WITHOUT_BODY = { html: '', text: '', attachments: '[]' } as const;

/**
 * The outbox row of a message kept as its data (decision 033): what varies from one such row to
 * the next. The enrolment writes it in the statement or transaction that confirms the enrolment
 * (enrolment/place-statements.ts), through `dataRowInsert` or `dataRowsInsertSelect`.
 */
export interface DataMailRow {
  id: string;
  kind: MailKind;
  personId: string;
  /** The row's creation, and when it is due (ISO-8601). */
  at: string;
  /** The message's data (`MailData`), as JSON. */
  data: string;
}

/** The row of a message kept as data, made at `at`. */
export function dataMailRow(data: MailData, at: Date): DataMailRow {
  if (!data.personId || ('courseSlug' in data && !data.courseSlug)) {
    throw new Error('A message needs its person and course.');
  }
  return {
    id: randomUUID(),
    kind: data.kind,
    personId: data.personId,
    at: at.toISOString(),
    // Ids, a position or a role: never an address or a name (decision 051).
    data: JSON.stringify(data),
  };
}

/** Writes data rows with the caller's Kysely transaction (any dialect). */
export async function insertDataRows(
  trx: Kysely<Database>,
  rows: readonly DataMailRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const unsent = { recipient: '', subject: '', ...SENT_WITHOUT_BODY };
  await trx
    .insertInto('mail_outbox')
    .values(
      rows.map((r) => ({
        ...{ id: r.id, kind: r.kind, ...unsent, status: 'pending' as const, attempts: 0 },
        ...{ next_attempt_at: r.at, created_at: r.at, person_id: r.personId, data: r.data },
      })),
    )
    .execute();
}

/** Every column of a data row with its value's SQL: the row's own from `values`, the rest constant. */
function dataColumns(v: Record<keyof DataMailRow, string>): [string, string][] {
  const unsent = { recipient: "''", subject: "''", html: "''", text: "''", attachments: "'[]'" };
  return Object.entries({
    ...{ id: v.id, kind: v.kind, ...unsent, status: "'pending'", attempts: '0' },
    ...{ next_attempt_at: v.at, created_at: v.at, person_id: v.personId, data: v.data },
  });
}

/**
 * `insert into mail_outbox (…) select … <rest>`: the data rows whose values are the SQL
 * expressions `values` (a source's columns, or placeholders), for a statement that writes them
 * with other work (the enrolment's batched confirmation: `rest` is its `from … where …`).
 */
export function dataRowsInsertSelect(values: Record<keyof DataMailRow, string>, rest: string) {
  const columns = dataColumns(values);
  return `insert into mail_outbox (${columns.map(([c]) => c).join(', ')})
    select ${columns.map(([, v]) => v).join(', ')} ${rest}`;
}

/** The prepared insert of one data row, per dialect (one text each: the statement cache keeps it). */
const [SQLITE_ROW, POSTGRES_ROW] = [
  ['?', '?', '?', '?', '?'],
  ['$1', '$2', '$3', '$4', '$5'],
].map(([id = '', kind = '', at = '', personId = '', data = '']) =>
  dataRowsInsertSelect({ id, kind, at, personId, data }, ''),
);

/** The insert of one data row, for the caller's own statement or transaction. */
export function dataRowInsert(row: DataMailRow, dialect: 'sqlite' | 'postgres'): CompiledQuery {
  const { id, kind, at, personId, data } = row;
  return CompiledQuery.raw(
    (dialect === 'sqlite' ? SQLITE_ROW : POSTGRES_ROW) ?? '',
    // SQLite's `?` are taken in order: the instant is both the creation and the due time.
    dialect === 'sqlite' ? [id, kind, at, at, personId, data] : [id, kind, at, personId, data],
  );
}
