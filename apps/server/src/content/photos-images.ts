/**
 * An uploaded photo made ready for its place (decision 065): read as an image (refused otherwise),
 * within the limits, turned upright (a phone's EXIF orientation), cut to the place's exact width
 * and height around its most interesting part (of its middle part, when it is a long strip), and
 * encoded as AVIF, WebP and JPEG with sharp (libvips). Its id is the start of the SHA-256 of the JPEG: another photo, another URL.
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
  let upright: { width: number; height: number };
  try {
    const { width, height, format, autoOrient } = await sharp(file, {
      limitInputPixels: false,
    }).metadata();
    // Photos only: an SVG, a PDF or libvips' own formats are not (an SVG would be drawn here).
    if (!width || !height || !PHOTO_INPUTS.has(format)) throw new Error(format);
    upright = autoOrient;
  } catch (cause) {
    throw new Refusal('notAnImage', { field: 'image', cause, message: 'not an image' });
  }
  if (upright.width * upright.height > MAX_PIXELS) {
    throw new Refusal('photoTooLarge', { field: 'image' });
  }
  let image: Sharp;
  try {
    // Decoded once, fully (a truncated or corrupt file fails here), then encoded three times.
    const input = sharp(file, { limitInputPixels: MAX_PIXELS, failOn: 'error', autoOrient: true });
    const part = middlePart(upright, size);
    const { data, info } = await (part ? input.extract(part) : input)
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

/**
 * How much more elongated than its place a photo is read whole. A strip within the limits (100 ×
 * 40,000) would otherwise be resized to the place's width before being cut, hundreds of megapixels
 * (a minute of a core and gigabytes of memory); beyond this, only its middle part is read.
 */
const MAX_STRETCH = 4;

/**
 * The middle part of an upright image of `image`'s size that is at most MAX_STRETCH times as
 * elongated as `place`, or undefined when the whole image is not more.
 */
export function middlePart(
  image: { width: number; height: number },
  place: { width: number; height: number },
): { left: number; top: number; width: number; height: number } | undefined {
  const ratio = image.width / image.height;
  const placeRatio = place.width / place.height;
  if (ratio > placeRatio * MAX_STRETCH) {
    const width = Math.max(1, Math.round(image.height * placeRatio * MAX_STRETCH));
    return { left: Math.floor((image.width - width) / 2), top: 0, width, height: image.height };
  }
  if (ratio < placeRatio / MAX_STRETCH) {
    const height = Math.max(1, Math.round((image.width / placeRatio) * MAX_STRETCH));
    return { left: 0, top: Math.floor((image.height - height) / 2), width: image.width, height };
  }
  return undefined;
}

/** The format to answer for an Accept header: AVIF, then WebP, else JPEG (every browser). */
export function formatFor(accept: string | undefined): PhotoFormat {
  const types = (accept ?? '').toLowerCase();
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return 'jpeg';
}
