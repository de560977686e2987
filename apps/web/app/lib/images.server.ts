/**
 * Looks up the fingerprinted URL of a content image (`image.file` is relative to app/assets/images/).
 * Build-time only (route loaders): a missing file stops the prerender, and so the build.
 */
import type { Image } from '@centro/content';
import type { PlacedPhoto } from '@centro/contracts';
import { photoPath } from '@centro/contracts/photo-rules';
import type { PageImage } from './page-image';

const IMAGE_DIR = '../assets/images/';

const urls = import.meta.glob<string>('../assets/images/**/*.{svg,webp,avif,png,jpg}', {
  eager: true,
  // Always a file URL, never an inlined data: URL.
  query: '?url&no-inline',
  import: 'default',
});

export function imageUrl(file: string, available: Record<string, string> = urls): string {
  const url = available[`${IMAGE_DIR}${file}`];
  if (!url) {
    throw new Error(
      `Image "${file}" named in packages/content was not found at apps/web/app/assets/images/${file}`,
    );
  }
  return url;
}

export function resolveImage(image: Image, available?: Record<string, string>): PageImage {
  return {
    src: imageUrl(image.file, available),
    alt: image.alt,
    width: image.width,
    height: image.height,
  };
}

/**
 * The image of a place (decision 065): the photo uploaded there in the staff area, at the place's
 * own width and height, else the content's illustration.
 */
export function placedImage(image: Image, photo: PlacedPhoto | undefined): PageImage {
  if (!photo) return resolveImage(image);
  return { src: photoPath(photo.id), alt: photo.alt, width: photo.width, height: photo.height };
}
