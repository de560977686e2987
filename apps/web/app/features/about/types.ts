import type { MetaDescriptor } from 'react-router';
import type { PageImage } from '~/lib/page-image';

export interface CarouselSlide {
  image: PageImage;
  caption: string;
}

export interface AboutPageData {
  /** The text's paragraphs, as HTML made from it when rendered (decision 064). */
  html: string;
  slides: CarouselSlide[];
}

export interface AboutLoaderData {
  page: AboutPageData;
  meta: MetaDescriptor[];
}
