/**
 * The certificates' table (migration 034, decision 094), over Kysely (one code path for SQLite and
 * PostgreSQL). A certificate is issued the first time its person asks for the PDF of a completion
 * ('Concluído'), with a new random code; it is withdrawn, in the same transaction, when that
 * completion is (the class reopened, or changed to 'Não concluído'), and a completion given again
 * gets a new certificate. A code is valid while its certificate is not withdrawn and the completion
 * it was issued for still says 'Concluído'.
 */
import { randomInt } from 'node:crypto';
import {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_GROUP_LENGTH,
  CERTIFICATE_CODE_GROUPS,
} from '@centro/contracts';
import type { Db } from '../db/schema.js';

/** The certificates with their completion, whose validity both the check and the person's data read. */
export function certificatesWithCompletion(db: Db) {
  return db
    .selectFrom('certificates as c')
    .leftJoin('completions as k', (join) =>
      join.onRef('k.class_id', '=', 'c.class_id').onRef('k.person_id', '=', 'c.person_id'),
    )
    .select([
      'c.code',
      'c.person_id',
      'c.course_slug',
      'c.class_id',
      'c.issued_at',
      'c.withdrawn_at',
      'k.concluded',
      'k.concluded_at',
    ]);
}

/** A new code: each letter drawn uniformly by the system's cryptographic generator. */
export function newCertificateCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < CERTIFICATE_CODE_GROUPS; g += 1) {
    let group = '';
    for (let i = 0; i < CERTIFICATE_CODE_GROUP_LENGTH; i += 1) {
      group += CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)];
    }
    groups.push(group);
  }
  return groups.join('-');
}

/** The class's certificates in effect are withdrawn (its completions were: decision 077). */
export async function withdrawClassCertificates(trx: Db, classId: string, at: Date) {
  await trx
    .updateTable('certificates')
    .set({ withdrawn_at: at.toISOString() })
    .where('class_id', '=', classId)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** The person's certificate of the class in effect, if any, is withdrawn. */
export async function withdrawCertificate(trx: Db, classId: string, personId: string, at: Date) {
  await trx
    .updateTable('certificates')
    .set({ withdrawn_at: at.toISOString() })
    .where('class_id', '=', classId)
    .where('person_id', '=', personId)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** A certificate as its check reads it. */
export interface IssuedCertificate {
  code: string;
  personId: string;
  courseSlug: string;
  classId: string;
  /** Not withdrawn, and its completion still says 'Concluído'. */
  valid: boolean;
  /** When the completion was given (null: the completion is gone). */
  concludedAt: string | null;
}

export function createCertificateStore(db: Db) {
  return {
    /**
     * The person's certificate of the class in effect, issued now when there is none. Two requests
     * at once issue one: the second insert meets the unique index and reads the first's.
     */
    async issue(personId: string, courseSlug: string, classId: string, now: Date) {
      const inEffect = () =>
        db
          .selectFrom('certificates')
          .select('code')
          .where('class_id', '=', classId)
          .where('person_id', '=', personId)
          .where('withdrawn_at', 'is', null)
          .executeTakeFirst();
      const held = await inEffect();
      if (held) return held.code;
      await db
        .insertInto('certificates')
        .values({
          code: newCertificateCode(),
          person_id: personId,
          course_slug: courseSlug,
          class_id: classId,
          issued_at: now.toISOString(),
          withdrawn_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const issued = await inEffect();
      if (!issued) throw new Error('certificate not issued');
      return issued.code;
    },

    /** The certificate of a code, or null when no certificate has it. */
    async byCode(code: string): Promise<IssuedCertificate | null> {
      const row = await certificatesWithCompletion(db)
        .where('c.code', '=', code)
        .executeTakeFirst();
      if (!row) return null;
      return {
        code: row.code,
        personId: row.person_id,
        courseSlug: row.course_slug,
        classId: row.class_id,
        valid: row.withdrawn_at === null && Number(row.concluded) === 1,
        concludedAt: row.concluded_at,
      };
    },

    /** The person's completion of the class, when it says 'Concluído'. */
    async completion(personId: string, classId: string) {
      return (
        (await db
          .selectFrom('completions')
          .select(['course_slug', 'concluded_at', 'meetings'])
          .where('class_id', '=', classId)
          .where('person_id', '=', personId)
          .where('concluded', '=', 1)
          .executeTakeFirst()) ?? null
      );
    },
  };
}

export type CertificateStore = ReturnType<typeof createCertificateStore>;
