/** The 'Saiba mais' page, prepared at build time from the content. */
import { centre } from '@centro/content';
import { resolveImage } from '~/lib/images.server';
import { buildPageMeta } from '~/lib/seo';
import { getSite } from '~/lib/site.server';
import { firstSentence } from '~/lib/text';
import { ABOUT_TITLE } from './copy';
import type { AboutLoaderData } from './types';

export function getAboutPage(): AboutLoaderData {
  const slides = centre.carousel.map(({ caption, ...image }) => ({
    image: resolveImage(image),
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
