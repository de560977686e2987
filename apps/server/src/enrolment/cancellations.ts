/**
 * The trace of a person's own cancellation in a class (migration 017, decision 059): 'Cancelada' in
 * their history. Written in the transaction that gives the place back (or leaves the waiting list);
 * it holds no place and counts nowhere. One row per class and person: the latest.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export async function recordCancellation(
  trx: Kysely<Database>,
  classId: string,
  courseSlug: string,
  personId: string,
  at: Date,
): Promise<void> {
  const cancelledAt = at.toISOString();
  await trx
    .insertInto('cancellations')
    .values({
      class_id: classId,
      person_id: personId,
      course_slug: courseSlug,
      cancelled_at: cancelledAt,
    })
    .onConflict((oc) =>
      oc.columns(['class_id', 'person_id']).doUpdateSet({ cancelled_at: cancelledAt }),
    )
    .execute();
}

/** The person's cancellations, oldest first. */
export async function cancellationsOf(
  db: Kysely<Database>,
  personId: string,
): Promise<{ classId: string; courseSlug: string; cancelledAt: string }[]> {
  const rows = await db
    .selectFrom('cancellations')
    .select(['class_id', 'course_slug', 'cancelled_at'])
    .where('person_id', '=', personId)
    .orderBy('cancelled_at')
    .execute();
  return rows.map((r) => ({
    classId: r.class_id,
    courseSlug: r.course_slug,
    cancelledAt: r.cancelled_at,
  }));
}
