/**
 * The privacy notice page, prepared at build time from the content; rendered again when the
 * contact details are published (decision 068): the notice's contact e-mail is the one in effect.
 * Its channel for personal data requests is the server's data-protection address (decision 080):
 * a content edit does not move it.
 */
import { centre, DATA_REQUESTS_CHANNEL, privacy } from '@centro/content';
import { buildPageMeta } from '~/lib/seo';
import { contactOf, type PublishedContent } from '~/lib/published-content.server';
import { getSite } from '~/lib/site.server';
import { firstSentence } from '~/lib/text';
import type { PrivacyLoaderData } from './types';

export function getPrivacyPage(content: PublishedContent = {}): PrivacyLoaderData {
  const { email } = contactOf(content);
  const dataRequests = content.dataProtectionEmail ?? centre.email;
  // The notice names the packaged address where it says whom to write to.
  const withContact = (paragraph: string) =>
    paragraph.replaceAll(
      centre.email,
      paragraph.includes(DATA_REQUESTS_CHANNEL) ? dataRequests : email,
    );
  return {
    page: {
      title: privacy.title,
      sections: privacy.sections.map(({ heading, paragraphs }) => ({
        heading,
        paragraphs: paragraphs.map(withContact),
      })),
    },
    meta: buildPageMeta(getSite(), {
      title: privacy.title,
      description: firstSentence(privacy.sections[0]?.paragraphs[0] ?? privacy.title),
      path: '/privacidade',
      type: 'article',
    }),
  };
}
