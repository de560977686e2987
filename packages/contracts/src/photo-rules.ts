/**
 * The photos' rules without zod (decision 065), for the staff area's form and the schemas alike
 * (`@centro/contracts/photo-rules`): the limits of an upload, where a photo can go, its URL.
 */

export const PHOTO_LIMITS = {
  /** The file as uploaded, in bytes (a phone's photo is 2–8 MB). */
  bytes: 10 * 1024 * 1024,
  /** Width × height of the file, in megapixels (a 200 MP phone photo is refused). */
  megapixels: 40,
  /** The alternative text, in characters. */
  alt: 200,
} as const;

/** The base64 text of the largest file the limits allow (its upload's JSON is a little more). */
export const PHOTO_BASE64_MAX = Math.ceil(PHOTO_LIMITS.bytes / 3) * 4;

/**
 * A place a photo can go: the home page's banner, one image of the carousel of /saiba-mais
 * (`carousel-1`…), or a course's image, named by its page (`course:/global-kardec/passe`).
 */
export const PHOTO_SLOT = /^(banner|carousel-[1-9]|course:\/[a-z0-9-]+\/[a-z0-9-]+)$/;

/** A photo's id: the start of the SHA-256 of its JPEG (a new photo, a new URL). */
export const PHOTO_ID = /^[0-9a-f]{20}$/;

/** Where a photo is served (AVIF, WebP or JPEG, as the browser accepts; cached for a year). */
export const photoPath = (id: string): string => `/fotos/${id}`;

/** The slot of a course's image. */
export const courseSlot = (coursePagePath: string): string => `course:${coursePagePath}`;
