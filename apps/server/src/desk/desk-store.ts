/**
 * The desk's tables (migration 035): people enrolled without an account (decision 095) and the
 * guests of a meeting (decision 096), and the claim that makes a desk person's rows an account's.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { Database, DeskPeopleTable } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';

/** The ids of people enrolled at the desk: never an account's (a GUID) nor an anonymised one. */
export const DESK_PREFIX = 'desk-';

export const isDeskId = (id: string): boolean => id.startsWith(DESK_PREFIX);

export type DeskPerson = Selectable<DeskPeopleTable>;

export interface NewDeskPerson {
  name: string;
  phone: string;
  email: string | undefined;
  consentText: string;
  codeHash: string;
  /** The staff member who recorded the consent. */
  by: string;
  at: Date;
}

/** A class whose place became the account's: its group adds the account after the claim. */
export interface ClaimedPlace {
  classId: string;
  courseSlug: string;
  groupId: string;
}

export interface ClaimResult {
  /** Places and waiting positions that became the account's. */
  rows: number;
  /** The confirmed places among them (the account joins their groups). */
  places: ClaimedPlace[];
}

/** Tables whose rows name a person by id, and the column (a course's rows move together). */
const PERSON_ROWS = [
  ['enrolments', 'user_id'],
  ['waiting_list', 'user_id'],
  ['attendance', 'person_id'],
  ['completions', 'person_id'],
  ['cancellations', 'person_id'],
  ['prerequisite_exceptions', 'person_id'],
] as const;

export function createDeskStore(database: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  const { db } = database;

  /** The courses in which `personId` has any row: a claim leaves these to the account's own. */
  async function coursesOf(trx: Kysely<Database>, personId: string): Promise<Set<string>> {
    const slugs = new Set<string>();
    for (const [table, column] of PERSON_ROWS) {
      const rows = await trx
        .selectFrom(table)
        .select('course_slug')
        .where(column, '=', personId)
        .execute();
      for (const r of rows) slugs.add(r.course_slug);
    }
    return slugs;
  }

  return {
    async create(person: NewDeskPerson): Promise<string> {
      const id = `${DESK_PREFIX}${randomUUID()}`;
      await db
        .insertInto('desk_people')
        .values({
          id,
          display_name: person.name,
          mail: person.email ?? null,
          mobile_phone: person.phone,
          phone_digits: person.phone.replace(/\D/g, ''),
          claim_code_hash: person.codeHash,
          consent_text: person.consentText,
          consent_by: person.by,
          consent_at: person.at.toISOString(),
          claimed_by: null,
          claimed_at: null,
        })
        .execute();
      return id;
    },

    /** Takes back a person created for an enrolment that was refused (nothing else names them). */
    async discard(id: string): Promise<void> {
      await db.deleteFrom('prerequisite_exceptions').where('person_id', '=', id).execute();
      await db.deleteFrom('desk_people').where('id', '=', id).execute();
    },

    byId(id: string): Promise<DeskPerson | undefined> {
      return db.selectFrom('desk_people').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** People not claimed yet whose e-mail or phone digits is `text`'s (the desk's search). */
    async find(email: string | null, phoneDigits: string | null, limit: number) {
      if (email === null && phoneDigits === null) return [];
      return db
        .selectFrom('desk_people')
        .selectAll()
        .where('claimed_by', 'is', null)
        .where((eb) =>
          email !== null ? eb('mail', '=', email) : eb('phone_digits', '=', phoneDigits),
        )
        .limit(limit)
        .execute();
    },

    /** People not claimed yet with this e-mail (lower case). */
    unclaimedByMail(email: string): Promise<{ id: string }[]> {
      return db
        .selectFrom('desk_people')
        .select('id')
        .where('mail', '=', email)
        .where('claimed_by', 'is', null)
        .execute();
    },

    /** The person not claimed yet with this code's hash. */
    async unclaimedByCode(hash: string): Promise<string | null> {
      const row = await db
        .selectFrom('desk_people')
        .select('id')
        .where('claim_code_hash', '=', hash)
        .where('claimed_by', 'is', null)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Gives a person not claimed yet a new code (its hash): the old one stops claiming at once.
     * False: claimed already, or no such person.
     */
    async replaceCode(id: string, codeHash: string): Promise<boolean> {
      const changed = await db
        .updateTable('desk_people')
        .set({ claim_code_hash: codeHash })
        .where('id', '=', id)
        .where('claimed_by', 'is', null)
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },

    /** Whether the person holds a place (of any state) or a waiting position in the class. */
    async inClass(id: string, classId: string): Promise<boolean> {
      const place = await db
        .selectFrom('enrolments')
        .select('user_id')
        .where('class_id', '=', classId)
        .where('user_id', '=', id)
        .executeTakeFirst();
      if (place) return true;
      const waiting = await db
        .selectFrom('waiting_list')
        .select('user_id')
        .where('class_id', '=', classId)
        .where('user_id', '=', id)
        .executeTakeFirst();
      return waiting !== undefined;
    },

    /**
     * Makes the desk person's rows the account's, in one transaction: their places, waiting
     * positions, attendance, completions and exceptions in every course where the account has no
     * row of its own (there the account's own rows stay, and the desk's stay under the desk id for
     * staff to settle), and what the staff record says about them. Nothing when already claimed.
     */
    claim(deskId: string, accountId: string, at: Date): Promise<ClaimResult> {
      return writeTransaction(database, async (trx) => {
        const taken = await trx
          .updateTable('desk_people')
          .set({ claimed_by: accountId, claimed_at: at.toISOString() })
          .where('id', '=', deskId)
          .where('claimed_by', 'is', null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) return { rows: 0, places: [] };
        const own = [...(await coursesOf(trx, accountId))];
        const places = await trx
          .selectFrom('enrolments as e')
          .innerJoin('courses as c', 'c.slug', 'e.course_slug')
          .select(['e.class_id as classId', 'e.course_slug as courseSlug', 'c.group_id as groupId'])
          .where('e.user_id', '=', deskId)
          .where('e.status', '=', 'confirmed')
          .where('e.active', '=', 1)
          .$if(own.length > 0, (q) => q.where('e.course_slug', 'not in', own))
          .execute();
        let rows = 0;
        for (const [table, column] of PERSON_ROWS) {
          const moved = await trx
            .updateTable(table)
            .set({ [column]: accountId })
            .where(column, '=', deskId)
            .$if(own.length > 0, (q) => q.where('course_slug', 'not in', own))
            .executeTakeFirst();
          if (table === 'enrolments' || table === 'waiting_list') {
            rows += Number(moved.numUpdatedRows);
          }
        }
        await trx
          .updateTable('staff_actions')
          .set({ subject_id: accountId })
          .where('subject_id', '=', deskId)
          .execute();
        await trx
          .updateTable('staff_action_subjects')
          .set({ subject_id: accountId })
          .where('subject_id', '=', deskId)
          .execute();
        return { rows, places };
      });
    },

    /** Adds a guest to a meeting (decision 096). */
    async addGuest(guest: {
      classId: string;
      courseSlug: string;
      meeting: number;
      name: string;
      by: string;
      at: Date;
    }): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('meeting_guests')
        .values({
          id,
          class_id: guest.classId,
          course_slug: guest.courseSlug,
          meeting: guest.meeting,
          name: guest.name,
          added_by: guest.by,
          added_at: guest.at.toISOString(),
        })
        .execute();
      return id;
    },

    /** The guests of a meeting (or of every meeting of the class), in the order they came. */
    guests(classId: string, meeting?: number) {
      return db
        .selectFrom('meeting_guests')
        .select(['id', 'name', 'meeting'])
        .where('class_id', '=', classId)
        .$if(meeting !== undefined, (q) => q.where('meeting', '=', meeting as number))
        .orderBy('added_at')
        .orderBy('id')
        .execute();
    },
  };
}

export type DeskStore = ReturnType<typeof createDeskStore>;
