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
  type PhotosDocument,
  type StaffContentHistory,
  type StaffContentRestore,
  type StaffBannersResponse,
  type StaffBannersSave,
  type StaffScheduleResponse,
  type StaffScheduleSave,
  type StaffTextsResponse,
  type StaffTextsSave,
  type StaffRevisionRestore,
  type Texts,
} from '@centro/contracts';
import { mapFollowingAddress } from '@centro/contracts/contact-rules';
import type {
  StaffContactHistory,
  StaffContactResponse,
  StaffContactRestore,
  StaffContactSave,
} from '@centro/contracts/contact';
import { Refusal } from '../refusals/refusal.js';
import type { StaffActor } from '../staff/context.js';
import { packagedContent, pagesOf, schemaOf, type SiteContent, withDocument } from './documents.js';
import { CONTENT_PREVIEW_LIMIT, CONTENT_SAVE_LIMIT, EditLimit } from './edit-limits.js';
import { documentPreview, type PreviewRenderer } from './previews.js';
import { Publications } from './publications.js';
import {
  historyOf,
  prune,
  type PrunablePhotos,
  type PublishedRevision,
  lastModifiedPages,
  restoredBody,
  sameAsLatest,
  UNSAVED,
} from './revisions.js';
import type { ContentStore } from './store.js';
import { isText, packagedTextsOf } from './texts-documents.js';

export type { PublishedRevision } from './revisions.js';

export type { PreviewRenderer } from './previews.js';

export type PublishListener = (document: string, content: SiteContent) => Promise<void>;

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

export class ContentService {
  readonly #options: ContentServiceOptions;
  readonly #now: () => Date;
  #content: SiteContent = { ...packagedContent };
  readonly #revisions = new Map<string, PublishedRevision>();
  readonly #listeners: PublishListener[] = [];
  /** Refreshes run one after the other. */
  #refreshing: Promise<void> = Promise.resolve();
  readonly #publishing = new Publications();
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
    return lastModifiedPages(this.#revisions, pagesOf);
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

  /** The banners in effect (the `notices` document), with their revision. */
  banners(): StaffBannersResponse {
    return { ...this.revisionOf('notices'), notices: this.#content.notices };
  }

  /**
   * Saves and publishes new banners (the body is already valid: the route's schema).
   * @throws Refusal 'contentStale' when `revision` is no longer the latest.
   */
  async saveBanners(by: StaffActor, save: StaffBannersSave): Promise<StaffBannersResponse> {
    await this.#save(by, 'notices', save.revision, save.notices);
    return this.banners();
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
    const revisions = await historyOf(this.#options.store, document, packagedTextsOf(document));
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
    return historyOf(this.#options.store, document, packagedContent[document]);
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
    const content = withDocument(this.#content, document, body);
    return documentPreview(this.#previewRenderer, content, document, body, slot);
  }

  /** Saves revision `restore` of a document (0: `packaged`) again, from revision `from`. */
  async #restore(
    by: StaffActor,
    document: string,
    from: number,
    restore: number,
    packaged: unknown,
  ) {
    const body = await restoredBody(this.#options.store, document, restore, packaged);
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
    if (!stale && sameAsLatest(document, latest, body)) return;
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
    const pruned = await prune(this.#options, this.#now(), document, revision);
    await this.#options.record(by, 'content.save', {
      document,
      revision,
      ...details,
      ...(pruned && { pruned }),
    });
    await this.refresh();
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
      await Promise.all([...publications, ...this.#publishing.underWay()]);
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
      const work = this.#listeners.map((listener) => listener(document, content));
      publications.push(this.#publishing.start(document, work));
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
