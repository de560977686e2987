/**
 * The `class_messages` table (migration 019) and the outbox, for 'Enviar mensagem à turma'
 * (decision 063): who is to receive a class's message, and the write of the message's row with
 * one outbox row per person, in one write transaction that first counts the class's messages of
 * the last 24 hours under the class's lock, so two staff members sending at once cannot pass the
 * daily limit together.
 */
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import type { Db } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';
import type { Mail } from '../mail/mail.js';
import type { MailMessage } from '../mail/types.js';
import { allowance, type Allowance, windowStart } from './class-message-rules.js';

/** A person to receive the message. */
export interface ClassRecipient {
  personId: string;
  /** On the class's waiting list rather than holding a place. */
  waiting: boolean;
}

/** The message's row, without its text. */
export interface ClassMessageEntry {
  classId: string;
  courseSlug: string;
  senderId: string;
  senderName: string;
  subject: string;
  withWaitingList: boolean;
}

export interface ClassMessageStore {
  /** The class's confirmed people, and its waiting list when asked. */
  recipients(classId: string, withWaitingList: boolean): Promise<ClassRecipient[]>;
  /** The class's allowance at `at` (read without a lock: for the form's figure). */
  allowanceAt(classId: string, at: Date): Promise<Allowance>;
  /**
   * Within the limit: the row and the messages, written together (answers the allowance it
   * used); over it: nothing written (answers the refusal's allowance).
   */
  write(entry: ClassMessageEntry, messages: readonly MailMessage[], at: Date): Promise<Allowance>;
}

async function sentSince(db: Db, classId: string, at: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('class_messages')
    .select('sent_at')
    .where('class_id', '=', classId)
    .where('sent_at', '>', windowStart(at).toISOString())
    .execute();
  return rows.map((r) => new Date(r.sent_at));
}

export function createClassMessageStore(
  database: Pick<DatabaseHandle, 'db' | 'dialect'>,
  mail: Pick<Mail, 'enqueue'>,
): ClassMessageStore {
  const { db, dialect } = database;
  return {
    async recipients(classId, withWaitingList) {
      const confirmed = await db
        .selectFrom('enrolments')
        .select('user_id')
        .where('class_id', '=', classId)
        .where('status', '=', 'confirmed')
        .orderBy('created_at')
        .execute();
      const waiting = withWaitingList
        ? await db
            .selectFrom('waiting_list')
            .select('user_id')
            .where('class_id', '=', classId)
            .orderBy('id')
            .execute()
        : [];
      return [
        ...confirmed.map((r) => ({ personId: r.user_id, waiting: false })),
        ...waiting.map((r) => ({ personId: r.user_id, waiting: true })),
      ];
    },

    allowanceAt: async (classId, at) => allowance(await sentSince(db, classId, at), at),

    write: (entry, messages, at) =>
      writeTransaction(database, async (trx) => {
        // PostgreSQL: the class's row lock serialises two sends (SQLite: the immediate transaction).
        if (dialect === 'postgres') {
          await trx
            .selectFrom('classes')
            .select('id')
            .where('id', '=', entry.classId)
            .forUpdate()
            .execute();
        }
        const allowed = allowance(await sentSince(trx, entry.classId, at), at);
        if (!allowed.allowed) return allowed;
        await trx
          .insertInto('class_messages')
          .values({
            id: randomUUID(),
            class_id: entry.classId,
            course_slug: entry.courseSlug,
            sender_id: entry.senderId,
            sender_name: entry.senderName,
            subject: entry.subject,
            recipients: messages.length,
            with_waiting_list: entry.withWaitingList ? 1 : 0,
            sent_at: at.toISOString(),
          })
          .execute();
        for (const message of messages) await mail.enqueue(trx, message);
        return allowed;
      }),
  };
}
