/** The contact page, prepared at build time from the content. */
import { centre, formatPhoneForDisplay, whatsappLink } from '@centro/content';
import { addressLine, addressLines } from '~/lib/address';
import { organizationJsonLd } from '~/lib/json-ld';
import { buildPageMeta } from '~/lib/seo';
import { contactOf, type PublishedContent } from '~/lib/published-content.server';
import { getOrganization, getSite } from '~/lib/site.server';
import { CONTACT_TITLE } from './copy';
import type { ContactLoaderData } from './types';

export function getContactPage(content: PublishedContent = {}): ContactLoaderData {
  const site = getSite();
  const contact = contactOf(content);
  const whatsappDisplay = formatPhoneForDisplay(contact.whatsapp);
  return {
    page: {
      centreName: centre.name,
      addressLines: addressLines(contact.address),
      whatsappHref: whatsappLink(contact.whatsapp),
      whatsappDisplay,
      email: contact.email,
      map: { src: contact.mapEmbedUrl, title: contact.mapTitle },
    },
    meta: buildPageMeta(site, {
      title: CONTACT_TITLE,
      description: `Endereço: ${addressLine(contact.address)}. WhatsApp ${whatsappDisplay}, e-mail ${contact.email}.`,
      path: '/contato',
      jsonLd: [organizationJsonLd(site.origin, getOrganization(contact))],
    }),
  };
}
