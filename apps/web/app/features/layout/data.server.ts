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
import { getSite } from '~/lib/site.server';
import type { ShellData } from '~/lib/shell';
import siteIconUrl from '~/assets/site-icon.svg?url';

export function getShellData(): ShellData {
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
      whatsappHref: whatsappLink(centre.whatsapp),
      whatsappDisplay: formatPhoneForDisplay(centre.whatsapp),
      email: centre.email,
      addressLine: addressLine(centre.address),
    },
    auth: getAuthSettings(),
  };
}
