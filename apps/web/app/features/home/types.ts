import type { MetaDescriptor } from 'react-router';
import type { PageImage } from '~/lib/page-image';

export interface HomePageData {
  centreName: string;
  /** The introduction's paragraphs, as HTML made from its text when rendered (decision 064). */
  introductionHtml: string;
  banner: {
    programmeName: string;
    text: string;
    image: PageImage;
    /** The first Global Kardec course: where 'Iniciar Matrícula' leads (spec section 2). */
    firstCoursePath: string;
  };
  mediumsSchool: { name: string; text: string; path: string };
}

export interface HomeLoaderData {
  page: HomePageData;
  meta: MetaDescriptor[];
}
