/** Image entries of the content; files live under apps/web/app/assets/images/. */
import type { Image } from '../schema.js';

export const COURSE_IMAGE = { width: 640, height: 400 } as const;
export const CAROUSEL_IMAGE = { width: 1200, height: 675 } as const;
export const BANNER_IMAGE = { width: 1200, height: 500 } as const;

/** Illustration of a course: courses/<slug>.svg. */
export function courseImage(slug: string, alt: string): Image {
  return { file: `courses/${slug}.svg`, alt, ...COURSE_IMAGE };
}
