/**
 * The 'Saiba mais' page, prepared at build time from the content, or from the text saved in the
 * staff area when the server renders it again (decision 064).
 */
import { centre } from '@centro/content';
import { richTextHtml, richTextParagraphs } from '@centro/contracts/rich-text';
import { placedImage } from '~/lib/images.server';
import { buildPageMeta } from '~/lib/seo';
import { getSite } from '~/lib/site.server';
import { type PublishedContent, textsOf } from '~/lib/published-content.server';
import { firstSentence } from '~/lib/text';
import { ABOUT_TITLE } from './copy';
import type { AboutLoaderData } from './types';

export function getAboutPage(content: PublishedContent = {}): AboutLoaderData {
  const { text } = textsOf(content, 'about');
  const photos = content.photos ?? {};
  const slides = centre.carousel.map(({ caption, ...image }, i) => ({
    image: placedImage(image, photos[`carousel-${i + 1}`]),
    caption,
  }));
  return {
    page: { html: richTextHtml(text), slides },
    meta: buildPageMeta(getSite(), {
      title: ABOUT_TITLE,
      description: firstSentence(richTextParagraphs(text)[0] ?? centre.tagline),
      path: '/saiba-mais',
      image: slides[0]?.image,
    }),
  };
}
