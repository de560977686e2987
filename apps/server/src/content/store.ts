/**
 * The `content_revisions` table (migration 013, decision 054), owned here alone: every save of a
 * content document is a new row; the current document is its highest revision.
 */
import type { DatabaseHandle } from '../db/database.js';

export interface StoredRevision {
  document: string;
  revision: number;
  /** The document's JSON, as saved (validated again by whoever reads it). */
  body: string;
  authorId: string;
  authorName: string;
  createdAt: string;
}

export interface ContentStore {
  /** The highest revision of a document, or undefined when it was never saved. */
  latest(document: string): Promise<StoredRevision | undefined>;
  /** The latest `limit` revisions of a document, newest first. */
  history(document: string, limit: number): Promise<StoredRevision[]>;
  /** One revision of a document, or undefined. */
  at(document: string, revision: number): Promise<StoredRevision | undefined>;
  /** The highest revision number of every saved document (the instances' watch, one query). */
  latestNumbers(): Promise<Map<string, number>>;
  /**
   * Inserts revision `revision` of the document; false when that number is taken (someone saved
   * from the same revision first: nothing is written).
   */
  insert(row: StoredRevision): Promise<boolean>;
  /** Deletes the revisions of a document numbered below `below`; how many went (decision 083). */
  deleteBelow(document: string, below: number): Promise<number>;
  /** The body of every stored revision of every document (a bounded history: decision 083). */
  bodies(): Promise<string[]>;
}

export function contentStore({ db }: Pick<DatabaseHandle, 'db'>): ContentStore {
  const revisions = (document: string) =>
    db.selectFrom('content_revisions').selectAll().where('document', '=', document);
  type Row = Awaited<ReturnType<ReturnType<typeof revisions>['executeTakeFirstOrThrow']>>;
  const stored = (row: Row): StoredRevision => ({
    document: row.document,
    revision: Number(row.revision),
    body: row.body,
    authorId: row.author_id,
    authorName: row.author_name,
    createdAt: row.created_at,
  });
  return {
    async latest(document) {
      const row = await revisions(document).orderBy('revision', 'desc').limit(1).executeTakeFirst();
      return row && stored(row);
    },

    async history(document, limit) {
      const rows = await revisions(document).orderBy('revision', 'desc').limit(limit).execute();
      return rows.map(stored);
    },

    async at(document, revision) {
      const row = await revisions(document).where('revision', '=', revision).executeTakeFirst();
      return row && stored(row);
    },

    async latestNumbers() {
      const rows = await db
        .selectFrom('content_revisions')
        .select(['document', (eb) => eb.fn.max('revision').as('revision')])
        .groupBy('document')
        .execute();
      return new Map(rows.map((r) => [r.document, Number(r.revision)]));
    },

    async insert(row) {
      const result = await db
        .insertInto('content_revisions')
        .values({
          document: row.document,
          revision: row.revision,
          body: row.body,
          author_id: row.authorId,
          author_name: row.authorName,
          created_at: row.createdAt,
        })
        .onConflict((oc) => oc.columns(['document', 'revision']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    async deleteBelow(document, below) {
      const result = await db
        .deleteFrom('content_revisions')
        .where('document', '=', document)
        .where('revision', '<', below)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async bodies() {
      const rows = await db.selectFrom('content_revisions').select('body').execute();
      return rows.map((row) => row.body);
    },
  };
}
