import type { MetaDescriptor } from 'react-router';
import type { PageImage } from '~/lib/page-image';

export interface CarouselSlide {
  image: PageImage;
  caption: string;
}

export interface AboutPageData {
  paragraphs: string[];
  slides: CarouselSlide[];
}

export interface AboutLoaderData {
  page: AboutPageData;
  meta: MetaDescriptor[];
}
