/**
 * The photo work (decisions 065 and 082), in a child process of its own: an uploaded file read as
 * an image, checked against the limits, turned upright (a phone's EXIF orientation), cut to its
 * place's exact width and height around its most interesting part (of its middle part, when it is
 * a long strip), and encoded as AVIF, WebP and JPEG with sharp (libvips).
 *
 * Why a process: sharp's work runs on libuv's thread pool, which the server's process shares with
 * everything else (file reads, compression, the passwords' scrypt). Eight uploads at once held
 * every thread for a minute, and the site's pages and sign-ins waited behind them. Here the work
 * has its own thread pool (one thread), one libvips thread and no secret of the server's
 * environment. This file imports only Node and sharp: the same file runs from the sources
 * (Node strips its types) and from dist.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Sharp } from 'sharp';

export interface PhotoJob {
  file: Uint8Array;
  size: { width: number; height: number };
  limits: { bytes: number; megapixels: number };
}

export interface PhotoFiles {
  avif: Uint8Array;
  webp: Uint8Array;
  jpeg: Uint8Array;
}

/** The worker's answer: the photo, or why it is refused (a refusal's name and a log message). */
export type PhotoJobResult =
  | { ok: true; id: string; width: number; height: number; files: PhotoFiles }
  | { ok: false; refusal: 'photoTooLarge' | 'notAnImage'; message: string };

/** The formats read (as sharp names them; 'heif' is AVIF: the prebuilt libvips reads no HEIC). */
const PHOTO_INPUTS = new Set<string | undefined>(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);

const describe = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** Prepares one photo (see the module's comment). */
export async function runPhotoJob({ file, size, limits }: PhotoJob): Promise<PhotoJobResult> {
  const input = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (input.length > limits.bytes) return { ok: false, refusal: 'photoTooLarge', message: 'bytes' };
  const maxPixels = limits.megapixels * 1_000_000;
  let upright: { width: number; height: number };
  try {
    const { width, height, format, autoOrient } = await sharp(input, {
      limitInputPixels: false,
    }).metadata();
    // Photos only: an SVG, a PDF or libvips' own formats are not (an SVG would be drawn here).
    if (!width || !height || !PHOTO_INPUTS.has(format)) throw new Error(`format ${format}`);
    upright = autoOrient;
  } catch (cause) {
    return { ok: false, refusal: 'notAnImage', message: `not an image: ${describe(cause)}` };
  }
  if (upright.width * upright.height > maxPixels) {
    return { ok: false, refusal: 'photoTooLarge', message: 'pixels' };
  }
  let image: Sharp;
  try {
    // Decoded once, fully (a truncated or corrupt file fails here), then encoded three times.
    const decoder = sharp(input, {
      limitInputPixels: maxPixels,
      failOn: 'error',
      autoOrient: true,
    });
    const part = middlePart(upright, size);
    const { data, info } = await (part ? decoder.extract(part) : decoder)
      .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    image = sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    });
  } catch (cause) {
    return { ok: false, refusal: 'notAnImage', message: `not decoded: ${describe(cause)}` };
  }
  // One after the other: this process has one thread for them.
  const avif = await image.clone().avif({ quality: 55, effort: 4 }).toBuffer();
  const webp = await image.clone().webp({ quality: 78 }).toBuffer();
  const jpeg = await image
    .clone()
    .jpeg({ quality: 80, mozjpeg: true, progressive: true })
    .toBuffer();
  const id = createHash('sha256').update(jpeg).digest('hex').slice(0, 20);
  return { ok: true, id, width: size.width, height: size.height, files: { avif, webp, jpeg } };
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

// Started as a child process (photos-images.ts): one job per message, answered in order.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  sharp.concurrency(1);
  // No cache of decoded images between jobs: each photo is read once.
  sharp.cache(false);
  process.on('message', (job: PhotoJob) => {
    runPhotoJob(job)
      .catch((cause: unknown): PhotoJobResult => {
        return { ok: false, refusal: 'notAnImage', message: `failed: ${describe(cause)}` };
      })
      .then((result) => process.send?.(result));
  });
  // The server gone (its end of the channel closed): nothing more to do.
  process.on('disconnect', () => process.exit(0));
}
