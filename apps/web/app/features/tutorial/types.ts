import type { MetaDescriptor } from 'react-router';

export interface TutorialPageData {
  title: string;
  introduction: string;
  steps: { title: string; text: string }[];
  programmes: { name: string; path: string }[];
}

export interface TutorialLoaderData {
  page: TutorialPageData;
  meta: MetaDescriptor[];
}
