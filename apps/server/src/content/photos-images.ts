/**
 * An uploaded photo made ready for its place (decision 065): read as an image (refused otherwise),
 * within the limits, turned upright (a phone's EXIF orientation), cut to the place's exact width
 * and height around its most interesting part, and encoded as AVIF, WebP and JPEG with sharp
 * (libvips). Its id is the start of the SHA-256 of the JPEG: another photo, another URL.
 */
import { createHash } from 'node:crypto';
import { PHOTO_LIMITS } from '@centro/contracts';
import sharp, { type Sharp } from 'sharp';
import { Refusal } from '../refusals/refusal.js';

/** The formats served, best first (the browser's Accept header picks one). */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export interface PreparedPhoto {
  id: string;
  width: number;
  height: number;
  files: Record<PhotoFormat, Buffer>;
}

const MAX_PIXELS = PHOTO_LIMITS.megapixels * 1_000_000;
/** The formats read (as sharp names them; 'heif' is AVIF: the prebuilt libvips reads no HEIC). */
const PHOTO_INPUTS = new Set<string | undefined>(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);

// One image at a time per instance, on one libvips thread: an upload never takes both cores.
sharp.concurrency(1);

/**
 * The photo for a place of `size`, from the file as uploaded.
 * @throws Refusal 'photoTooLarge' over the limits, 'notAnImage' when it is no image sharp reads.
 */
export async function preparePhoto(
  file: Buffer,
  size: { width: number; height: number },
): Promise<PreparedPhoto> {
  if (file.length > PHOTO_LIMITS.bytes) throw new Refusal('photoTooLarge', { field: 'image' });
  let pixels: number;
  try {
    const { width, height, format } = await sharp(file, { limitInputPixels: false }).metadata();
    // Photos only: an SVG, a PDF or libvips' own formats are not (an SVG would be drawn here).
    if (!width || !height || !PHOTO_INPUTS.has(format)) throw new Error(format);
    pixels = width * height;
  } catch (cause) {
    throw new Refusal('notAnImage', { field: 'image', cause, message: 'not an image' });
  }
  if (pixels > MAX_PIXELS) throw new Refusal('photoTooLarge', { field: 'image' });
  let image: Sharp;
  try {
    // Decoded once, fully (a truncated or corrupt file fails here), then encoded three times.
    const { data, info } = await sharp(file, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    image = sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    });
  } catch (cause) {
    throw new Refusal('notAnImage', { field: 'image', cause, message: 'image not decoded' });
  }
  const [avif, webp, jpeg] = await Promise.all([
    image.clone().avif({ quality: 55, effort: 4 }).toBuffer(),
    image.clone().webp({ quality: 78 }).toBuffer(),
    image.clone().jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer(),
  ]);
  const id = createHash('sha256').update(jpeg).digest('hex').slice(0, 20);
  return { id, width: size.width, height: size.height, files: { avif, webp, jpeg } };
}

/** The format to answer for an Accept header: AVIF, then WebP, else JPEG (every browser). */
export function formatFor(accept: string | undefined): PhotoFormat {
  const types = (accept ?? '').toLowerCase();
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return 'jpeg';
}
