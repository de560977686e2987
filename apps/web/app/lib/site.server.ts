/** The site-wide values every page's loader needs, read from the content and the build settings. */
import { centre } from '@centro/content';
import { getEnv } from '~/config/env';
import type { OrganizationInput } from './json-ld';
import type { Contact } from './published-content.server';
import type { SiteInfo } from './seo';

export function getSite(): SiteInfo {
  return { origin: getEnv().VITE_SITE_URL, portalName: centre.portalName };
}

/** The centre as the JSON-LD builders describe it, with the contact details in effect. */
export function getOrganization(contact: Contact, image?: string): OrganizationInput {
  return {
    name: centre.name,
    description: centre.tagline,
    address: contact.address,
    phoneDigits: contact.whatsapp,
    email: contact.email,
    image,
  };
}
