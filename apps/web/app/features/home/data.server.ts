/**
 * The home page, prepared at build time from the content, or from the texts saved in the staff
 * area when the server renders it again (decision 064).
 */
import { centre, coursePath, getProgramme, programmePath } from '@centro/content';
import { richTextHtml } from '@centro/contracts/rich-text';
import { placedImage } from '~/lib/images.server';
import { organizationJsonLd } from '~/lib/json-ld';
import { buildPageMeta } from '~/lib/seo';
import { getOrganization, getSite } from '~/lib/site.server';
import { contactOf, type PublishedContent, textsOf } from '~/lib/published-content.server';
import { firstSentence } from '~/lib/text';
import type { HomeLoaderData } from './types';

export function getHomePage(content: PublishedContent = {}): HomeLoaderData {
  const site = getSite();
  const globalKardec = getProgramme('global-kardec');
  const mediums = getProgramme('escola-de-mediuns');
  const [firstCourse] = globalKardec.courses;
  if (!firstCourse) throw new Error('The Global Kardec programme has no course');
  const banner = placedImage(centre.bannerImage, content.photos?.banner);
  return {
    page: {
      centreName: centre.name,
      // The first paragraph is the lead.
      introductionHtml: richTextHtml(textsOf(content, 'home').introduction).replace(
        /^<p>/,
        '<p class="lead">',
      ),
      banner: {
        programmeName: globalKardec.name,
        text: globalKardec.introduction[0] ?? '',
        image: banner,
        firstCoursePath: coursePath(firstCourse),
      },
      mediumsSchool: {
        name: mediums.name,
        text: firstSentence(mediums.introduction[0] ?? ''),
        path: programmePath(mediums.slug),
      },
    },
    meta: buildPageMeta(site, {
      title: centre.name,
      description: centre.tagline,
      path: '/',
      image: banner,
      jsonLd: [organizationJsonLd(site.origin, getOrganization(contactOf(content), banner.src))],
    }),
  };
}
