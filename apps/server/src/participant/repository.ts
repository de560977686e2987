/**
 * What the participant's own space reads and deletes beside the enrolment (one code path for
 * SQLite and PostgreSQL): the built-in provider's account, attendance, completions, prerequisite
 * exceptions, staff roles and the staff action record about the person, and the account's deletion
 * with its anonymised trace.
 */
import { randomUUID } from 'node:crypto';
import { createClassStore } from '../classes/class-store.js';
import { cancellationsOf } from '../enrolment/cancellations.js';
import { createCourseStore } from '../courses/course-store.js';
import type { DatabaseHandle } from '../db/database.js';
import { certificatesWithCompletion } from '../certificates/certificate-store.js';
import type { Db } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';
import { endAccountSessions } from '../idp/store/adapter.js';
import { LoginThrottle } from '../idp/store/throttle.js';
import { endOfSecond, recordTokenRevocation } from '../auth/token-revocations.js';
import type { Mail } from '../mail/mail.js';
import type { MailMessage } from '../mail/types.js';
import type { PersonCompletion } from './history.js';

/** The name the staff record keeps for a deleted account. */
export const DELETED_ACCOUNT_NAME = 'Conta excluída';

export function createParticipantRepository(handle: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  const db: Db = handle.db;
  const courseStore = createCourseStore(db);
  const classStore = createClassStore(db);
  return {
    /** The built-in provider's account (no password hash), if any. */
    async account(userId: string) {
      return db
        .selectFrom('accounts')
        .select([
          'id',
          'email',
          'display_name',
          'mail',
          'mobile_phone',
          'data_nascimento',
          'privacy_accepted_at',
          'created_at',
          'email_verified_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** What checks a password change: the sign-in e-mail, the name and the password's hash. */
    async passwordOf(userId: string) {
      return db
        .selectFrom('accounts')
        .select(['email', 'display_name', 'password_hash'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * The new password's hash; the provider's sessions and refresh tokens end on every device, so
     * none renews a sign-in made with the old one (this device's API token lives on until it
     * expires, then the person signs in with the new password).
     */
    async setPassword(userId: string, passwordHash: string, at: Date): Promise<void> {
      await writeTransaction(handle, async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ password_hash: passwordHash, updated_at: at.toISOString() })
          .where('id', '=', userId)
          .execute();
        await endAccountSessions(trx, userId);
      });
    },

    /** Counts guesses of the current password with the sign-in's own limits. */
    throttle: new LoginThrottle(db),

    async attendance(userId: string) {
      return db
        .selectFrom('attendance')
        .select(['course_slug', 'class_id', 'meeting', 'present', 'marked_at'])
        .where('person_id', '=', userId)
        .orderBy('course_slug')
        .orderBy('marked_at')
        .orderBy('meeting')
        .execute();
    },

    /**
     * The person's completions (kept while the account exists), oldest first, each with the reason
     * Coordenação gave when it changed one (null: as computed); who changed it is not read.
     */
    async completions(userId: string): Promise<(PersonCompletion & { reason: string | null })[]> {
      const rows = await db
        .selectFrom('completions')
        .select(['course_slug', 'class_id', 'concluded', 'concluded_at', 'reason'])
        .where('person_id', '=', userId)
        .orderBy('concluded_at')
        .execute();
      return rows.map((r) => ({
        courseSlug: r.course_slug,
        classId: r.class_id,
        concluded: Number(r.concluded) === 1,
        concludedAt: r.concluded_at,
        reason: r.reason,
      }));
    },

    /**
     * The person's 'Liberar inscrição' exceptions (decision 061), oldest first. Who granted one is
     * not read: the export names the role, not the staff member.
     */
    async prerequisiteExceptions(userId: string) {
      return db
        .selectFrom('prerequisite_exceptions')
        .select(['course_slug', 'granted_at'])
        .where('person_id', '=', userId)
        .orderBy('granted_at')
        .orderBy('course_slug')
        .execute();
    },

    /**
     * The person's certificates (decision 094), oldest first, each with its completion's date and
     * whether the public check says it is valid (not withdrawn, the completion still 'Concluído').
     */
    async certificates(userId: string) {
      const rows = await certificatesWithCompletion(db)
        .where('c.person_id', '=', userId)
        .orderBy('c.issued_at')
        .orderBy('c.code')
        .execute();
      return rows.map((r) => ({
        code: r.code,
        courseSlug: r.course_slug,
        classId: r.class_id,
        issuedAt: r.issued_at,
        withdrawnAt: r.withdrawn_at,
        concludedAt: r.concluded_at,
        valid: r.withdrawn_at === null && Number(r.concluded) === 1,
      }));
    },

    /**
     * What the desk recorded of the person before their account claimed it (decision 095): the
     * claim code's hash and the staff member who recorded the consent are not read.
     */
    async deskConsents(userId: string) {
      return db
        .selectFrom('desk_people')
        .select([
          'display_name',
          'mobile_phone',
          'mail',
          'consent_text',
          'consent_at',
          'claimed_at',
        ])
        .where('claimed_by', '=', userId)
        .orderBy('consent_at')
        .execute();
    },

    /** 'Avise-me quando abrir', oldest first. */
    async openingAlerts(userId: string) {
      return db
        .selectFrom('opening_alerts')
        .select(['course_slug', 'created_at'])
        .where('person_id', '=', userId)
        .orderBy('created_at')
        .orderBy('course_slug')
        .execute();
    },

    /**
     * The outbox's messages to the person, oldest first: the rows to their addresses, and those
     * kept as data for them (decision 033), which name the person and no address until sent. The
     * body is not read.
     */
    async messages(userId: string, addresses: readonly string[]) {
      const recipients = addresses.filter((a) => a !== '');
      return db
        .selectFrom('mail_outbox')
        .select(['subject', 'status', 'created_at', 'sent_at'])
        .where((eb) =>
          eb.or([
            eb('person_id', '=', userId),
            ...(recipients.length > 0 ? [eb('recipient', 'in', recipients)] : []),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The person's own cancellations (decision 059). */
    cancellations: (userId: string) => cancellationsOf(db, userId),

    /**
     * Staff actions about the person or that touched them (a list holding them viewed or exported,
     * their attendance marked, a search that showed them: decisions 078 and 081), oldest first.
     */
    async staffActionsAbout(userId: string) {
      const rows = await db
        .selectFrom('staff_actions')
        .select(['at', 'action', 'course_slug', 'actor_role', 'view_count'])
        .where((eb) =>
          eb.or([
            eb('subject_id', '=', userId),
            eb(
              'id',
              'in',
              eb
                .selectFrom('staff_action_subjects')
                .select('action_id')
                .where('subject_id', '=', userId),
            ),
          ]),
        )
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, count: Number(r.view_count) }));
    },

    async staffRoles(userId: string) {
      const rows = await db
        .selectFrom('staff_roles')
        .select('role')
        // Monitor(a) of several classes is one role (decision 098).
        .distinct()
        .where('person_id', '=', userId)
        .execute();
      return rows.map((r) => r.role);
    },

    /** Course settings rows (meetings and invite codes over the content's defaults). */
    courses: courseStore.all,
    /** Every class, by id (decision 052). */
    classes: classStore.all,

    /**
     * 'Sair' (decision 047): every token of the person issued until `at` is refused, and with
     * `sessions` (the built-in provider) their sessions and refresh tokens at the provider end too,
     * on every device.
     */
    async endSessions(userId: string, at: Date, sessions: boolean): Promise<void> {
      await writeTransaction(handle, async (trx) => {
        await recordTokenRevocation(trx, userId, at);
        if (sessions) await endAccountSessions(trx, userId);
      });
    },

    /**
     * Deletes what the database holds about the person (their active places and waiting positions
     * are gone already, through the enrolment): a concluded class's rows, cancellations, attendance,
     * completions, prerequisite exceptions, staff roles, unsent and sent messages to
     * their addresses, and with `account` the built-in provider's account with its sessions,
     * tokens and codes. The staff action record keeps an anonymised trace: the person's id as
     * subject becomes one random id, and one `account.delete` action is added by `Conta excluída`;
     * what they did as staff keeps their name and e-mail (decision 049). One transaction.
     */
    async deletePerson(
      userId: string,
      addresses: readonly string[],
      options: {
        account: boolean;
        now: Date;
        /** The confirmation of the deletion, written to the outbox with it. */
        farewell?: { message: MailMessage; enqueue: Mail['enqueue'] } | undefined;
      },
    ): Promise<void> {
      const anonymous = `anonimo-${randomUUID()}`;
      await writeTransaction(handle, async (trx) => {
        await trx.deleteFrom('attendance').where('person_id', '=', userId).execute();
        await trx.deleteFrom('staff_roles').where('person_id', '=', userId).execute();
        await trx.deleteFrom('staff_removals').where('person_id', '=', userId).execute();
        await trx.deleteFrom('opening_alerts').where('person_id', '=', userId).execute();
        await trx.deleteFrom('completions').where('person_id', '=', userId).execute();
        // Their certificates' codes then name no one (decision 094).
        await trx.deleteFrom('certificates').where('person_id', '=', userId).execute();
        await trx.deleteFrom('prerequisite_exceptions').where('person_id', '=', userId).execute();
        // The rows of concluded classes (decision 059), and the person's cancellations.
        await trx.deleteFrom('enrolments').where('user_id', '=', userId).execute();
        await trx.deleteFrom('waiting_list').where('user_id', '=', userId).execute();
        await trx.deleteFrom('cancellations').where('person_id', '=', userId).execute();
        // What the desk kept of them before they claimed it: name, phone, consent (decision 095).
        await trx.deleteFrom('desk_people').where('claimed_by', '=', userId).execute();
        await trx
          .updateTable('staff_actions')
          .set({ subject_id: anonymous })
          .where('subject_id', '=', userId)
          .execute();
        await trx
          .updateTable('staff_action_subjects')
          .set({ subject_id: anonymous })
          .where('subject_id', '=', userId)
          .execute();
        await trx.deleteFrom('limited_actions').where('person_id', '=', userId).execute();
        // What the person did as staff keeps their name and e-mail: the centre's record of who
        // saw whose data is its obligation, not the staff member's data to erase (decision 049).
        await trx
          .insertInto('staff_actions')
          .values({
            id: randomUUID(),
            at: options.now.toISOString(),
            actor_id: anonymous,
            actor_name: DELETED_ACCOUNT_NAME,
            action: 'account.delete',
            course_slug: null,
            subject_id: anonymous,
            details: JSON.stringify({ account: options.account }),
          })
          .execute();
        const recipients = addresses.filter((a) => a !== '');
        if (recipients.length > 0) {
          await trx.deleteFrom('mail_outbox').where('recipient', 'in', recipients).execute();
        }
        // Messages kept as data (decision 033) name the person, not the address.
        await trx.deleteFrom('mail_outbox').where('person_id', '=', userId).execute();
        if (options.farewell) await options.farewell.enqueue(trx, options.farewell.message);
        // Every token issued until now is refused: no call in the deleted person's name.
        await recordTokenRevocation(trx, userId, endOfSecond(options.now));
        if (options.account) {
          await endAccountSessions(trx, userId);
          // Codes, reset links and address changes go with it (ON DELETE CASCADE).
          await trx.deleteFrom('accounts').where('id', '=', userId).execute();
        }
      });
    },
  };
}

export type ParticipantRepository = ReturnType<typeof createParticipantRepository>;
