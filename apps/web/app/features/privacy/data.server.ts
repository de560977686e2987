/** The privacy notice page, prepared at build time from the content. */
import { privacy } from '@centro/content';
import { buildPageMeta } from '~/lib/seo';
import { getSite } from '~/lib/site.server';
import { firstSentence } from '~/lib/text';
import type { PrivacyLoaderData } from './types';

export function getPrivacyPage(): PrivacyLoaderData {
  return {
    page: {
      title: privacy.title,
      sections: privacy.sections.map(({ heading, paragraphs }) => ({ heading, paragraphs })),
    },
    meta: buildPageMeta(getSite(), {
      title: privacy.title,
      description: firstSentence(privacy.sections[0]?.paragraphs[0] ?? privacy.title),
      path: '/privacidade',
      type: 'article',
    }),
  };
}
