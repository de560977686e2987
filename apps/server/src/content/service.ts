/**
 * The site's edited content (decision 054): the published revision of each document,
 * kept in memory and refreshed from the database, where every save is a revision. A save names the
 * revision it started from and is refused when another was saved since (nothing is overwritten).
 * Whoever listens (the pages, the calendar) is told when a document changes, on this instance at
 * once and on the others at their next look (`watch`).
 */
import type { Log } from '../logging.js';
import {
  type ContentDocument,
  noticesOn,
  type PhotosDocument,
  type StaffContentHistory,
  type StaffContentRestore,
  type StaffNoticesResponse,
  type StaffNoticesSave,
  type StaffScheduleResponse,
  type StaffScheduleSave,
  type StaffTextsResponse,
  type StaffTextsSave,
  type StaffRevisionRestore,
  type Texts,
} from '@centro/contracts';
import { mapFollowingAddress } from '@centro/contracts/contact-rules';
import { saoPauloInstant } from '@centro/contracts/content-rules';
import type {
  StaffContactHistory,
  StaffContactResponse,
  StaffContactRestore,
  StaffContactSave,
} from '@centro/contracts/contact';
import { Refusal } from '../refusals/refusal.js';
import { withNotices } from '../site/notice-banner.js';
import type { StaffActor } from '../staff/context.js';
import {
  canonicalJson,
  documentOf,
  packagedContent,
  pagesOf,
  pagesShowing,
  photoIdsIn,
  schemaOf,
  type SiteContent,
  withDocument,
} from './documents.js';
import { CONTENT_PREVIEW_LIMIT, CONTENT_SAVE_LIMIT, EditLimit } from './edit-limits.js';
import { photoPlace } from './photos-places.js';
import type { ContentStore, StoredRevision } from './store.js';
import { isText, packagedTextsOf } from './texts-documents.js';

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

export type PublishListener = (document: string, content: SiteContent) => Promise<void>;

/** The web build's page renderer, for previews (site/page-renderer.ts). */
export type PreviewRenderer = (
  urlPath: string,
  content: SiteContent,
  options: { preview: true },
) => Promise<{ html: string }>;

/** The uploaded photos, as far as pruning needs them (photos-store.ts). */
export interface PrunablePhotos {
  /** Deletes the photos created before `before` whose id is not in `kept`; their ids. */
  deleteUnused(kept: ReadonlySet<string>, before: string): Promise<string[]>;
}

export interface ContentServiceOptions {
  store: ContentStore;
  photos?: PrunablePhotos;
  /** Saves and previews per staff member (edit-limits.ts; tests: others). */
  saveLimit?: { count: number; windowMs: number };
  previewLimit?: { count: number; windowMs: number };
  /** Records a save in the staff record. */
  record: (by: StaffActor, action: string, details: Record<string, unknown>) => Promise<void>;
  log: Pick<Log, 'error'>;
  now?: () => Date;
}

const UNSAVED: PublishedRevision = { revision: 0, savedAt: null, savedBy: null };

export class ContentService {
  readonly #options: ContentServiceOptions;
  readonly #now: () => Date;
  #content: SiteContent = { ...packagedContent };
  readonly #revisions = new Map<string, PublishedRevision>();
  readonly #listeners: PublishListener[] = [];
  /** Refreshes run one after the other. */
  #refreshing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #previewRenderer: PreviewRenderer | undefined;
  readonly #saves: EditLimit;
  readonly #previews: EditLimit;

  constructor(options: ContentServiceOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#saves = new EditLimit(options.saveLimit ?? CONTENT_SAVE_LIMIT, this.#now);
    this.#previews = new EditLimit(options.previewLimit ?? CONTENT_PREVIEW_LIMIT, this.#now);
  }

  /**
   * Counts a save of `by` (decision 083); a photo's upload counts itself before its work.
   * @throws Refusal 'tooManyContentSaves' past the limit.
   */
  admitSave(by: StaffActor): void {
    const retryAfterSeconds = this.#saves.take(by.id);
    if (retryAfterSeconds > 0) {
      throw new Refusal('tooManyContentSaves', { details: { retryAfterSeconds } });
    }
  }

  /** Every document in effect (saved, or packaged when never saved). */
  content(): SiteContent {
    return this.#content;
  }

  revisionOf(document: string): PublishedRevision {
    return this.#revisions.get(document) ?? UNSAVED;
  }

  /** Called with each document published from now on (a save waits for its listeners). */
  onPublish(listener: PublishListener): void {
    this.#listeners.push(listener);
  }

  /** When each page showing an edited document was last published (ISO-8601), by path. */
  lastModified(pagesOf: (document: string) => readonly string[]): Map<string, string> {
    const times = new Map<string, string>();
    for (const [document, { savedAt }] of this.#revisions) {
      if (savedAt === null) continue;
      for (const urlPath of pagesOf(document)) {
        const known = times.get(urlPath);
        if (known === undefined || known < savedAt) times.set(urlPath, savedAt);
      }
    }
    return times;
  }

  /** The schedule in effect, with its revision. */
  schedule(): StaffScheduleResponse {
    return { ...this.revisionOf('schedule'), schedule: this.#content.schedule };
  }

  /**
   * Saves and publishes a new schedule (the body is already valid: the route's schema).
   * @throws Refusal 'contentStale' when `revision` is no longer the latest.
   */
  async saveSchedule(by: StaffActor, save: StaffScheduleSave): Promise<StaffScheduleResponse> {
    await this.#save(by, 'schedule', save.revision, save.schedule);
    return this.schedule();
  }

  /** The notices in effect, with their revision. */
  notices(): StaffNoticesResponse {
    return { ...this.revisionOf('notices'), notices: this.#content.notices };
  }

  /**
   * Saves and publishes new notices (the body is already valid: the route's schema).
   * @throws Refusal 'contentStale' when `revision` is no longer the latest.
   */
  async saveNotices(by: StaffActor, save: StaffNoticesSave): Promise<StaffNoticesResponse> {
    await this.#save(by, 'notices', save.revision, save.notices);
    return this.notices();
  }

  /**
   * Saves and publishes where the photos are (photos-library.ts, decision 065), `details` in the
   * staff record.
   * @throws Refusal 'contentStale' when `from` is no longer the latest.
   */
  async savePhotos(
    by: StaffActor,
    from: number,
    photos: PhotosDocument,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.#save(by, 'photos', from, photos, details, { admitted: true });
  }

  /** A page's texts in effect (saved, or packaged), with their revision. */
  texts(document: string): StaffTextsResponse {
    if (!isText(document)) throw new Refusal('contentNotFound');
    const texts = this.#content.texts[document] ?? packagedTextsOf(document);
    return { ...this.revisionOf(document), document, texts };
  }

  /**
   * Saves and publishes a page's texts (the body is already valid: the route's schema).
   * @throws Refusal 'contentStale' when `revision` is no longer the latest.
   */
  async saveTexts(by: StaffActor, save: StaffTextsSave): Promise<StaffTextsResponse> {
    await this.#save(by, save.document, save.revision, save.texts);
    return this.texts(save.document);
  }

  /** The latest revisions of a page's texts, newest first, down to its packaged texts (0). */
  async history(document: string): Promise<StaffContentHistory> {
    if (!isText(document)) throw new Refusal('contentNotFound');
    const revisions = await this.#history(document, packagedTextsOf(document));
    return {
      document,
      revisions: revisions.map(({ body, ...info }) => ({ ...info, texts: body })),
    };
  }

  /**
   * Saves an earlier revision of a page's texts again, as the newest, and publishes it.
   * @throws Refusal 'contentNotFound' for an unknown revision; 'contentStale' as a save.
   */
  async restore(by: StaffActor, { document, revision, restore }: StaffContentRestore) {
    if (!isText(document)) throw new Refusal('contentNotFound');
    await this.#restore(by, document, revision, restore, packagedTextsOf(document));
    return this.texts(document);
  }

  /** The contact details in effect (decision 068), with their revision. */
  contact(): StaffContactResponse {
    return { ...this.revisionOf('contact'), contact: this.#content.contact };
  }

  /**
   * Saves and publishes new contact details (the body is already valid: the route's schema).
   * @throws Refusal 'contentStale' when `revision` is no longer the latest.
   */
  async saveContact(by: StaffActor, save: StaffContactSave): Promise<StaffContactResponse> {
    // A new address with the map left as it was: the map follows the address.
    const mapEmbedUrl = mapFollowingAddress(this.#content.contact, save.contact);
    await this.#save(by, 'contact', save.revision, { ...save.contact, mapEmbedUrl });
    return this.contact();
  }

  /** The latest revisions of the contact details, newest first, down to the packaged ones (0). */
  async contactHistory(): Promise<StaffContactHistory> {
    const revisions = await this.documentHistory('contact');
    return { revisions: revisions.map(({ body, ...info }) => ({ ...info, contact: body })) };
  }

  /**
   * Saves an earlier revision of the contact details again, as the newest, and publishes it.
   * @throws Refusal 'contentNotFound' for an unknown revision; 'contentStale' as a save.
   */
  async restoreContact(by: StaffActor, restore: StaffContactRestore) {
    await this.restoreDocument(by, 'contact', restore);
    return this.contact();
  }

  /**
   * The latest revisions of a fixed document (the schedule, the notices, the photos, the contact
   * details), newest first, down to its packaged body (revision 0).
   */
  documentHistory<D extends ContentDocument>(
    document: D,
  ): Promise<(PublishedRevision & { body: SiteContent[D] })[]> {
    return this.#history(document, packagedContent[document]);
  }

  /**
   * Saves an earlier revision of a fixed document again, as the newest, and publishes it.
   * @throws Refusal 'contentNotFound' for an unknown revision; 'contentStale' as a save.
   */
  async restoreDocument(
    by: StaffActor,
    document: ContentDocument,
    { revision, restore }: StaffRevisionRestore,
  ): Promise<void> {
    await this.#restore(by, document, revision, restore, packagedContent[document]);
  }

  /**
   * The page a fixed document shows, rendered with `body` in its place (a revision of its history
   * or a draft): published nowhere, saved nowhere. The photos show the page of place `slot`; the
   * notices the page their first notice is for, with their banner whatever their period.
   * @throws Refusal 'previewUnavailable' without a renderer.
   */
  async previewDocument<D extends ContentDocument>(
    document: D,
    body: SiteContent[D],
    slot?: string,
  ): Promise<string> {
    const urlPath = previewPathOf(document, body, slot);
    if (!this.#previewRenderer || urlPath === undefined) throw new Refusal('previewUnavailable');
    const content = withDocument(this.#content, document, body);
    const { html } = await this.#previewRenderer(urlPath, content, { preview: true });
    if (document !== 'notices') return html;
    // Each notice as on its first day: the preview shows every notice this page would carry.
    const shown = (body as SiteContent['notices']).filter(
      (notice) => noticesOn([notice], urlPath, new Date(saoPauloInstant(notice.from))).length > 0,
    );
    return withNotices(html, shown);
  }

  /** A document's latest revisions as read back, newest first, then `packaged` as revision 0. */
  async #history<T>(document: string, packaged: T): Promise<(PublishedRevision & { body: T })[]> {
    const stored = await this.#options.store.history(document, HISTORY_LENGTH);
    const revisions = stored.flatMap((row): (PublishedRevision & { body: T })[] => {
      const parsed = schemaOf(document)?.safeParse(JSON.parse(row.body));
      if (!parsed?.success) return [];
      const body = parsed.data as T;
      return [{ revision: row.revision, savedAt: row.createdAt, savedBy: row.authorName, body }];
    });
    if (stored.length < HISTORY_LENGTH) revisions.push({ ...UNSAVED, body: packaged });
    return revisions;
  }

  /** Saves revision `restore` of a document (0: `packaged`) again, from revision `from`. */
  async #restore(
    by: StaffActor,
    document: string,
    from: number,
    restore: number,
    packaged: unknown,
  ) {
    const earlier = restore === 0 ? undefined : await this.#options.store.at(document, restore);
    const parsed = earlier && schemaOf(document)?.safeParse(JSON.parse(earlier.body));
    if (restore !== 0 && !parsed?.success) throw new Refusal('contentNotFound');
    const body = parsed?.success ? parsed.data : packaged;
    await this.#save(by, document, from, body, { restoredFrom: restore });
  }

  /** Renders previews with the web build's renderer (none: previews are refused 503). */
  previewWith(renderer: PreviewRenderer): void {
    this.#previewRenderer = renderer;
  }

  /**
   * The page a text document shows first, rendered with `texts` in place of those in effect:
   * published nowhere, saved nowhere.
   * @throws Refusal 'previewUnavailable' without a renderer; 'tooManyPreviews' past the limit.
   */
  async preview(by: StaffActor, document: string, texts: Texts): Promise<string> {
    const [urlPath] = pagesOf(document);
    if (!this.#previewRenderer || urlPath === undefined) throw new Refusal('previewUnavailable');
    const retryAfterSeconds = this.#previews.take(by.id);
    if (retryAfterSeconds > 0) {
      throw new Refusal('tooManyPreviews', { details: { retryAfterSeconds } });
    }
    const content = withDocument(this.#content, document, texts);
    return (await this.#previewRenderer(urlPath, content, { preview: true })).html;
  }

  /**
   * Inserts revision `from + 1` of a document, then publishes it; a body equal to the latest
   * revision's changes nothing (no revision, no render: decision 083). The revisions beyond the
   * latest KEPT_REVISIONS are then deleted, with the photos no kept revision names, and the save's
   * line in the staff record says what went.
   */
  async #save(
    by: StaffActor,
    document: string,
    from: number,
    body: unknown,
    details: Record<string, unknown> = {},
    { admitted = false } = {},
  ) {
    if (!admitted) this.admitSave(by);
    const latest = await this.#options.store.latest(document);
    const revision = from + 1;
    const stale = (latest?.revision ?? 0) !== from;
    if (!stale && this.#sameAsLatest(document, latest, body)) return;
    if (
      stale ||
      !(await this.#options.store.insert({
        document,
        revision,
        body: JSON.stringify(body),
        authorId: by.id,
        authorName: by.name,
        createdAt: this.#now().toISOString(),
      }))
    ) {
      throw new Refusal('contentStale', {
        message: `${document} saved from revision ${from}, latest is ${latest?.revision ?? 0}`,
      });
    }
    const pruned = await this.#prune(document, revision);
    await this.#options.record(by, 'content.save', {
      document,
      revision,
      ...details,
      ...(pruned && { pruned }),
    });
    await this.refresh();
  }

  /** Whether `body` is the document as its latest revision (or, never saved, its packaged one). */
  #sameAsLatest(document: string, latest: StoredRevision | undefined, body: unknown): boolean {
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
  async #prune(document: string, revision: number) {
    const below = revision - KEPT_REVISIONS + 1;
    if (below <= 1) return undefined;
    const revisions = await this.#options.store.deleteBelow(document, below);
    if (revisions === 0) return undefined;
    const photos = this.#options.photos
      ? await this.#options.photos.deleteUnused(
          photoIdsIn(await this.#options.store.bodies()),
          new Date(this.#now().getTime() - UNUSED_PHOTO_GRACE_MS).toISOString(),
        )
      : [];
    return { revisionsBelow: below, revisions, photos };
  }

  /**
   * Reads the latest revision numbers and publishes every document that changed; resolves once
   * they are published. The reading runs one at a time; the publications do not hold the next
   * reading, so that saves close together are published together (decision 083).
   */
  refresh(): Promise<void> {
    const next = this.#refreshing.then(() => this.#refresh());
    this.#refreshing = next.then(
      () => undefined,
      () => undefined,
    );
    return next.then(async (publications) => {
      await Promise.all(publications);
    });
  }

  async #refresh(): Promise<Promise<void>[]> {
    const publications: Promise<void>[] = [];
    const numbers = await this.#options.store.latestNumbers();
    for (const [document, number] of numbers) {
      const schema = schemaOf(document);
      if (!schema || number <= this.revisionOf(document).revision) continue;
      const stored = await this.#options.store.latest(document);
      if (!stored) continue;
      const parsed = schema.safeParse(JSON.parse(stored.body));
      if (!parsed.success) {
        // A revision this release cannot read: keep what is published, say so once.
        this.#options.log.error({ document, revision: stored.revision }, 'unreadable content');
        this.#revisions.set(document, { ...this.revisionOf(document), revision: stored.revision });
        continue;
      }
      this.#content = withDocument(this.#content, document, parsed.data);
      this.#revisions.set(document, {
        revision: stored.revision,
        savedAt: stored.createdAt,
        savedBy: stored.authorName,
      });
      const content = this.#content;
      for (const listener of this.#listeners) publications.push(listener(document, content));
    }
    return publications;
  }

  /** Looks for revisions saved on other instances every `intervalMs`. */
  watch(intervalMs: number): void {
    this.stop();
    this.#timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.#options.log.error({ err: error }, 'content refresh failed'),
      );
    }, intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** The page a fixed document's preview shows (undefined: none). */
function previewPathOf(document: ContentDocument, body: unknown, slot?: string) {
  if (document === 'photos') return slot === undefined ? undefined : photoPlace(slot)?.pages[0];
  if (document === 'notices') {
    const [first] = body as SiteContent['notices'];
    return first?.place === 'course' && first.course ? first.course : '/';
  }
  if (document === 'contact') return '/contato';
  return pagesShowing[document][0];
}
