/**
 * Photos in the staff area (decision 065): the places and the photo in each, an upload
 * (resized, stored, then a new revision of the `photos` document, published like any save), and
 * the files served at /fotos/<id>, kept in memory once read (a photo never changes). A place goes
 * back to its original illustration as a revision too, and any revision can be restored: the
 * files of every photo ever uploaded are kept (decision 065).
 */
import {
  type PhotosDocument,
  photoPath,
  type StaffPhotoRemove,
  type StaffPhotosResponse,
  type StaffPhotoUpload,
  type StaffRevisionRestore,
} from '@centro/contracts';
import { Refusal } from '../refusals/refusal.js';
import type { StaffActor } from '../staff/context.js';
import { preparePhoto, type PreparedPhoto } from './photos-images.js';
import { photoPlace, photoPlaces } from './photos-places.js';
import type { PhotoStore } from './photos-store.js';
import type { ContentService } from './service.js';

/** Photos kept in memory per instance (the site shows 24 places; older ones are read again). */
const CACHED_PHOTOS = 64;

export class PhotoLibrary {
  readonly #cache = new Map<string, PreparedPhoto>();
  /** The link previews drawn with a photo, by file name; and each page's, to drop the old one. */
  readonly #previews = new Map<string, Buffer>();
  readonly #previewOf = new Map<string, string>();
  /** An upload under way on this instance: the next is refused before any work (decision 082). */
  #claimed = false;

  constructor(
    private readonly store: PhotoStore,
    private readonly content: ContentService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Takes this instance's one upload at a time (decision 082): false when another holds it. The
   * upload route claims it before reading the photo's body, and releases it with its answer.
   */
  claim(): boolean {
    if (this.#claimed) return false;
    this.#claimed = true;
    return true;
  }

  release(): void {
    this.#claimed = false;
  }

  /** Every place, with the photo in it (null: the original illustration). */
  places(): StaffPhotosResponse {
    const photos = this.content.content().photos;
    return {
      ...this.content.revisionOf('photos'),
      places: photoPlaces.map(({ slot, label, width, height }) => {
        const photo = photos[slot];
        return {
          slot,
          label,
          width,
          height,
          photo: photo ? { src: photoPath(photo.id), alt: photo.alt } : null,
        };
      }),
    };
  }

  /**
   * Puts an uploaded photo in its place and publishes the pages showing it; the caller holds the
   * claim (`claim`).
   * @throws Refusal 'photoPlaceNotFound', 'photoTooLarge', 'notAnImage', 'contentStale',
   *   'tooManyContentSaves'.
   */
  async upload(by: StaffActor, upload: StaffPhotoUpload): Promise<StaffPhotosResponse> {
    const place = photoPlace(upload.slot);
    if (!place) throw new Refusal('photoPlaceNotFound', { field: 'slot' });
    // Refused before the work when someone saved meanwhile (checked again when saving).
    const from = this.content.revisionOf('photos').revision;
    if (upload.revision !== from) {
      throw new Refusal('contentStale', { message: `photos from ${upload.revision}, at ${from}` });
    }
    this.content.admitSave(by);
    const photo = await preparePhoto(Buffer.from(upload.image, 'base64'), place);
    await this.store.insert(photo, this.now().toISOString());
    this.#remember(photo);
    const document: PhotosDocument = {
      ...this.content.content().photos,
      [place.slot]: { id: photo.id, alt: upload.alt, width: photo.width, height: photo.height },
    };
    await this.content.savePhotos(by, upload.revision, document, { slot: place.slot });
    return this.places();
  }

  /**
   * Puts a place's original illustration back (a new revision without its photo), published at
   * once; a place showing its illustration already is left as it is.
   * @throws Refusal 'photoPlaceNotFound', 'contentStale'.
   */
  async remove(by: StaffActor, { revision, slot }: StaffPhotoRemove): Promise<StaffPhotosResponse> {
    const place = photoPlace(slot);
    if (!place) throw new Refusal('photoPlaceNotFound', { field: 'slot' });
    const { [place.slot]: removed, ...rest } = this.content.content().photos;
    if (removed === undefined) return this.places();
    await this.content.savePhotos(by, revision, rest, { slot: place.slot, removed: true });
    return this.places();
  }

  /**
   * Saves an earlier revision of the photos again (0: every original illustration), published at
   * once.
   * @throws Refusal 'contentNotFound', 'contentStale'.
   */
  async restore(by: StaffActor, restore: StaffRevisionRestore): Promise<StaffPhotosResponse> {
    await this.content.restoreDocument(by, 'photos', restore);
    return this.places();
  }

  /** A photo's files, or undefined when there is no such photo. */
  async file(id: string): Promise<PreparedPhoto | undefined> {
    const cached = this.#cache.get(id);
    if (cached) return cached;
    const stored = await this.store.get(id);
    if (stored) this.#remember(stored);
    return stored;
  }

  /** Keeps the link preview drawn for a page (`/fotos/<hash>.png`), in place of its former one. */
  keepPreview(urlPath: string, file: { path: string; body: Uint8Array }): void {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    const former = this.#previewOf.get(urlPath);
    if (former !== undefined && former !== name) this.#previews.delete(former);
    this.#previews.set(name, Buffer.from(file.body));
    this.#previewOf.set(urlPath, name);
  }

  /** A link preview drawn with a photo (`<hash>.png`), or undefined. */
  preview(name: string): Buffer | undefined {
    return this.#previews.get(name);
  }

  #remember(photo: PreparedPhoto) {
    this.#cache.set(photo.id, photo);
    if (this.#cache.size > CACHED_PHOTOS) {
      const [oldest] = this.#cache.keys();
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
  }
}
