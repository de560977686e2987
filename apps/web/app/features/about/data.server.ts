/** The 'Saiba mais' page, prepared at build time from the content. */
import { centre } from '@centro/content';
import { placedImage } from '~/lib/images.server';
import type { PublishedContent } from '~/lib/published-content.server';
import { buildPageMeta } from '~/lib/seo';
import { getSite } from '~/lib/site.server';
import { firstSentence } from '~/lib/text';
import { ABOUT_TITLE } from './copy';
import type { AboutLoaderData } from './types';

export function getAboutPage(photos: PublishedContent['photos'] = {}): AboutLoaderData {
  const slides = centre.carousel.map(({ caption, ...image }, i) => ({
    image: placedImage(image, photos[`carousel-${i + 1}`]),
    caption,
  }));
  return {
    page: { paragraphs: centre.about, slides },
    meta: buildPageMeta(getSite(), {
      title: ABOUT_TITLE,
      description: firstSentence(centre.about[0] ?? centre.tagline),
      path: '/saiba-mais',
      image: slides[0]?.image,
    }),
  };
}
