import type { MetaDescriptor } from 'react-router';

export interface PrivacyPageData {
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export interface PrivacyLoaderData {
  page: PrivacyPageData;
  meta: MetaDescriptor[];
}
