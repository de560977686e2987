/** The contact page, prepared at build time from the content. */
import { centre, formatPhoneForDisplay, whatsappLink } from '@centro/content';
import { addressLine, addressLines } from '~/lib/address';
import { organizationJsonLd } from '~/lib/json-ld';
import { buildPageMeta } from '~/lib/seo';
import { getOrganization, getSite } from '~/lib/site.server';
import { CONTACT_TITLE } from './copy';
import type { ContactLoaderData } from './types';

export function getContactPage(): ContactLoaderData {
  const site = getSite();
  const whatsappDisplay = formatPhoneForDisplay(centre.whatsapp);
  return {
    page: {
      centreName: centre.name,
      addressLines: addressLines(centre.address),
      whatsappHref: whatsappLink(centre.whatsapp),
      whatsappDisplay,
      email: centre.email,
      map: { src: centre.mapEmbedUrl, title: centre.mapTitle },
    },
    meta: buildPageMeta(site, {
      title: CONTACT_TITLE,
      description: `Endereço: ${addressLine(centre.address)}. WhatsApp ${whatsappDisplay}, e-mail ${centre.email}.`,
      path: '/contato',
      jsonLd: [organizationJsonLd(site.origin, getOrganization())],
    }),
  };
}
