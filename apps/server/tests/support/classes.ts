/**
 * Tests' access to a course's classes (decision 052): the id of its first class, which the
 * content's synchronisation creates, for rows a test writes directly.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

export async function firstClassOf(db: Kysely<Database>, courseSlug: string): Promise<string> {
  const row = await db
    .selectFrom('classes')
    .select('id')
    .where('course_slug', '=', courseSlug)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
