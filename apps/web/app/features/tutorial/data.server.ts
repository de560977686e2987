/** The enrolment tutorial page, prepared at build time from the content. */
import { programmePath, programmes, tutorial } from '@centro/content';
import { buildPageMeta } from '~/lib/seo';
import { getSite } from '~/lib/site.server';
import type { TutorialLoaderData } from './types';

export function getTutorialPage(): TutorialLoaderData {
  return {
    page: {
      title: tutorial.title,
      introduction: tutorial.introduction,
      steps: tutorial.steps.map(({ title, text }) => ({ title, text })),
      programmes: programmes.map((p) => ({ name: p.name, path: programmePath(p.slug) })),
    },
    meta: buildPageMeta(getSite(), {
      title: tutorial.title,
      description: tutorial.introduction,
      path: '/como-se-inscrever',
      type: 'article',
    }),
  };
}
