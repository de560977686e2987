/**
 * The revisions of the edited content's documents as stored (decision 083): the history a page
 * shows, whether a save changes anything, and the pruning of the revisions beyond the kept ones
 * with the photos no kept revision names.
 */
import { Refusal } from '../refusals/refusal.js';
import { canonicalJson, documentOf, packagedContent, photoIdsIn, schemaOf } from './documents.js';
import type { ContentStore, StoredRevision } from './store.js';

/** How many revisions the history of a page shows. */
export const HISTORY_LENGTH = 20;
/** How many revisions of each document are kept; older ones are deleted at a save (decision 083). */
export const KEPT_REVISIONS = 50;
/**
 * How old a photo no kept revision names must be to be deleted: an upload stores its photo just
 * before its revision, maybe on another instance.
 */
export const UNUSED_PHOTO_GRACE_MS = 60 * 60_000;

/** Who published the document in effect, and when (revision 0: the packaged content). */
export interface PublishedRevision {
  revision: number;
  savedAt: string | null;
  savedBy: string | null;
}

/** A document never saved: the packaged content. */
export const UNSAVED: PublishedRevision = { revision: 0, savedAt: null, savedBy: null };

/** The uploaded photos, as far as pruning needs them (photos-store.ts). */
export interface PrunablePhotos {
  /** Deletes the photos created before `before` whose id is not in `kept`; their ids. */
  deleteUnused(kept: ReadonlySet<string>, before: string): Promise<string[]>;
}

/** A document's latest revisions as read back, newest first, then `packaged` as revision 0. */
export async function historyOf<T>(
  store: Pick<ContentStore, 'history'>,
  document: string,
  packaged: T,
): Promise<(PublishedRevision & { body: T })[]> {
  const stored = await store.history(document, HISTORY_LENGTH);
  const revisions = stored.flatMap((row): (PublishedRevision & { body: T })[] => {
    const parsed = schemaOf(document)?.safeParse(JSON.parse(row.body));
    if (!parsed?.success) return [];
    const body = parsed.data as T;
    return [{ revision: row.revision, savedAt: row.createdAt, savedBy: row.authorName, body }];
  });
  if (stored.length < HISTORY_LENGTH) revisions.push({ ...UNSAVED, body: packaged });
  return revisions;
}

/** Whether `body` is the document as its latest revision (or, never saved, its packaged one). */
export function sameAsLatest(
  document: string,
  latest: StoredRevision | undefined,
  body: unknown,
): boolean {
  const schema = schemaOf(document);
  if (!schema) return false;
  const current = schema.safeParse(
    latest ? JSON.parse(latest.body) : documentOf(packagedContent, document),
  );
  return current.success && canonicalJson(current.data) === canonicalJson(body);
}

/**
 * Deletes the revisions of `document` older than the latest KEPT_REVISIONS (the newest being
 * `revision`), then the photos older than UNUSED_PHOTO_GRACE_MS that no kept revision names.
 * What went, for the staff record; undefined when nothing did.
 */
export async function prune(
  options: {
    store: Pick<ContentStore, 'deleteBelow' | 'bodies'>;
    photos?: PrunablePhotos | undefined;
  },
  now: Date,
  document: string,
  revision: number,
) {
  const below = revision - KEPT_REVISIONS + 1;
  if (below <= 1) return undefined;
  const revisions = await options.store.deleteBelow(document, below);
  if (revisions === 0) return undefined;
  const photos = options.photos
    ? await options.photos.deleteUnused(
        photoIdsIn(await options.store.bodies()),
        new Date(now.getTime() - UNUSED_PHOTO_GRACE_MS).toISOString(),
      )
    : [];
  return { revisionsBelow: below, revisions, photos };
}

/**
 * The body of revision `restore` of a document (0: `packaged`), to save again as the newest.
 * @throws Refusal 'contentNotFound' for an unknown or unreadable revision.
 */
export async function restoredBody(
  store: Pick<ContentStore, 'at'>,
  document: string,
  restore: number,
  packaged: unknown,
): Promise<unknown> {
  const earlier = restore === 0 ? undefined : await store.at(document, restore);
  const parsed = earlier && schemaOf(document)?.safeParse(JSON.parse(earlier.body));
  if (restore !== 0 && !parsed?.success) throw new Refusal('contentNotFound');
  return parsed?.success ? parsed.data : packaged;
}

/** Each page's last edit: the newest save of the documents it shows (none: never edited). */
export function lastModifiedPages(
  revisions: ReadonlyMap<string, PublishedRevision>,
  pagesOf: (document: string) => readonly string[],
): Map<string, string> {
  const times = new Map<string, string>();
  for (const [document, { savedAt }] of revisions) {
    if (savedAt === null) continue;
    for (const urlPath of pagesOf(document)) {
      const known = times.get(urlPath);
      if (known === undefined || known < savedAt) times.set(urlPath, savedAt);
    }
  }
  return times;
}
