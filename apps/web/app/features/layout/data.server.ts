/** Data of the site's shell (head, navigation, footer), prepared at build time from the content. */
import {
  brand,
  centre,
  coursePath,
  formatPhoneForDisplay,
  getProgramme,
  whatsappLink,
} from '@centro/content';
import { getAuthSettings } from '~/config/auth-settings.server';
import { addressLine } from '~/lib/address';
import { contactOf, type PublishedContent } from '~/lib/published-content.server';
import { getSite } from '~/lib/site.server';
import type { ShellData } from '~/lib/shell';
import siteIconUrl from '~/assets/site-icon.svg?url';

export function getShellData(content: PublishedContent = {}): ShellData {
  const contact = contactOf(content);
  const [firstCourse] = getProgramme('global-kardec').courses;
  if (!firstCourse) throw new Error('The Global Kardec programme has no course');
  return {
    site: getSite(),
    centreName: centre.name,
    footerYear: brand.footerYear,
    themeColor: brand.themeColor,
    iconHref: siteIconUrl,
    firstCoursePath: coursePath(firstCourse),
    contact: {
      whatsappHref: whatsappLink(contact.whatsapp),
      whatsappDisplay: formatPhoneForDisplay(contact.whatsapp),
      email: contact.email,
      addressLine: addressLine(contact.address),
    },
    auth: getAuthSettings(),
  };
}
