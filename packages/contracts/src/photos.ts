/**
 * Photos (decision 065): the home page's banner, the carousel of /saiba-mais and each
 * course's image, uploaded in the staff area. The `photos` content document names, for each place
 * replaced, the photo (its id) and its alternative text; the images themselves are kept apart, by
 * id, already resized to the place's size.
 */
import { z } from 'zod';
import { contentRevisionInfoSchema, revisionHistorySchema } from './content.js';
import { PHOTO_BASE64_MAX, PHOTO_ID, PHOTO_LIMITS, PHOTO_SLOT } from './photo-rules.js';

export * from './photo-rules.js';

const altText = z
  .string({ error: 'Texto alternativo: descreva a foto.' })
  .trim()
  .min(1, { error: 'Texto alternativo: descreva a foto para quem não a vê.' })
  .max(PHOTO_LIMITS.alt, { error: `Texto alternativo: no máximo ${PHOTO_LIMITS.alt} caracteres.` });

const slot = z.string({ error: 'Escolha onde a foto aparece.' }).regex(PHOTO_SLOT, {
  error: 'Escolha onde a foto aparece.',
});

/** One place's photo: which one, its alternative text and size (the place's). */
export const placedPhotoSchema = z.strictObject({
  id: z.string().regex(PHOTO_ID),
  alt: altText,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type PlacedPhoto = z.infer<typeof placedPhotoSchema>;

/** The `photos` document: by place, the photo put there (a place not named keeps the original). */
export const photosDocumentSchema = z.record(slot, placedPhotoSchema);
export type PhotosDocument = z.infer<typeof photosDocumentSchema>;

/** GET /api/staff/content/photos, and the answer of an upload: every place, with its photo. */
export const staffPhotosResponseSchema = contentRevisionInfoSchema.extend({
  places: z.array(
    z.object({
      slot: z.string(),
      /** "Banner da página inicial", "Curso: Passe"… */
      label: z.string(),
      /** The size the photo is cut to (the page's width and height attributes). */
      width: z.number().int(),
      height: z.number().int(),
      /** The photo there now; null: the site's original illustration. */
      photo: z.object({ src: z.string(), alt: z.string() }).nullable(),
    }),
  ),
});
export type StaffPhotosResponse = z.infer<typeof staffPhotosResponseSchema>;

/** PUT /api/staff/content/photos: one photo for one place, from the revision the edit started from. */
export const staffPhotoUploadSchema = z.strictObject({
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  slot,
  alt: altText,
  /** The file, base64 (JPEG, PNG, WebP, AVIF...: what sharp's libvips reads; no HEIC). */
  image: z
    .string({ error: 'Foto: escolha um arquivo.' })
    .min(1, { error: 'Foto: escolha um arquivo.' })
    .max(PHOTO_BASE64_MAX + 4, {
      error: `Foto: no máximo ${PHOTO_LIMITS.bytes / 1024 / 1024} MB.`,
    })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'Foto: o arquivo não pôde ser lido.' }),
});
export type StaffPhotoUpload = z.infer<typeof staffPhotoUploadSchema>;

/** GET /api/staff/content/photos/history: where the photos were in each revision. */
export const staffPhotosHistorySchema = revisionHistorySchema('photos', photosDocumentSchema);
export type StaffPhotosHistory = z.infer<typeof staffPhotosHistorySchema>;

/** POST /api/staff/content/photos/remove: a place back to the site's original illustration. */
export const staffPhotoRemoveSchema = z.strictObject({
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  slot,
});
export type StaffPhotoRemove = z.infer<typeof staffPhotoRemoveSchema>;

/**
 * POST /api/staff/content/photos/preview: the page of place `slot` with the photos of `photos` (a
 * revision of the history), published nowhere.
 */
export const staffPhotosPreviewSchema = z.strictObject({ photos: photosDocumentSchema, slot });
export type StaffPhotosPreview = z.infer<typeof staffPhotosPreviewSchema>;
