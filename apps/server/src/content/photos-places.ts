/**
 * Where a photo can go (decision 065), from `packages/content`: the home page's banner, each image
 * of the carousel of /saiba-mais and each course's image, with the width and height the pages give
 * that image today (a photo is cut to exactly that size: the page's layout does not move), and
 * the pages that show it.
 */
import {
  allCourses,
  centre,
  coursePath,
  getProgramme,
  type Image,
  programmePath,
} from '@centro/content';
import { courseSlot } from '@centro/contracts';

export interface PhotoPlace {
  slot: string;
  label: string;
  width: number;
  height: number;
  /** The packaged illustration's alternative text (the form's starting text). */
  alt: string;
  /** The pages rendered again when its photo changes. */
  pages: readonly string[];
}

const place = (slot: string, label: string, image: Image, pages: string[]): PhotoPlace => ({
  slot,
  label,
  width: image.width,
  height: image.height,
  alt: image.alt,
  pages,
});

/** Every place, in the order the staff area lists them. */
export const photoPlaces: readonly PhotoPlace[] = [
  place('banner', 'Banner da página inicial', centre.bannerImage, ['/']),
  ...centre.carousel.map((image, i) =>
    place(`carousel-${i + 1}`, `Saiba mais: carrossel, imagem ${i + 1}`, image, ['/saiba-mais']),
  ),
  ...allCourses().map((course) =>
    place(
      courseSlot(coursePath(course)),
      `${getProgramme(course.programme).name}: ${course.title}`,
      course.image,
      // The course's page, and its programme's list (its card, and the list's link preview).
      [coursePath(course), programmePath(course.programme)],
    ),
  ),
];

const bySlot = new Map(photoPlaces.map((p) => [p.slot, p]));

export function photoPlace(slot: string): PhotoPlace | undefined {
  return bySlot.get(slot);
}

/** Every page a photo can appear on (each once). */
export const pagesWithPhotos: readonly string[] = [...new Set(photoPlaces.flatMap((p) => p.pages))];
