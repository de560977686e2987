/** schema.org JSON-LD builders: the centre, its courses and the course lists. Pure functions. */
import type { Address } from '@centro/content';
import { absoluteUrl } from './seo';

export interface OrganizationInput {
  name: string;
  description: string;
  address: Address;
  /** International digits, e.g. "5511900000000". */
  phoneDigits: string;
  email: string;
  /** Root-relative URL of an image of the centre. */
  image?: string;
}

export interface CourseInput {
  name: string;
  description: string;
  path: string;
  /** Root-relative URL of the course illustration. */
  image?: string;
}

export interface ListItemInput {
  name: string;
  path: string;
}

/** Stable identifier of the centre's node, so courses can point at it. */
export function organizationId(origin: string): string {
  return `${absoluteUrl(origin, '/')}#organizacao`;
}

export function organizationJsonLd(origin: string, centre: OrganizationInput): object {
  return {
    '@context': 'https://schema.org',
    '@type': ['Organization', 'PlaceOfWorship'],
    '@id': organizationId(origin),
    name: centre.name,
    description: centre.description,
    url: absoluteUrl(origin, '/'),
    ...(centre.image ? { image: absoluteUrl(origin, centre.image) } : {}),
    logo: absoluteUrl(origin, '/favicon.svg'),
    telephone: `+${centre.phoneDigits}`,
    email: centre.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: centre.address.street,
      addressLocality: centre.address.city,
      addressRegion: centre.address.state,
      postalCode: centre.address.postalCode,
      addressCountry: centre.address.country,
    },
  };
}

export function courseJsonLd(
  origin: string,
  provider: { name: string },
  course: CourseInput,
): object {
  const url = absoluteUrl(origin, course.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': url,
    name: course.name,
    description: course.description,
    url,
    inLanguage: 'pt-BR',
    isAccessibleForFree: true,
    ...(course.image ? { image: absoluteUrl(origin, course.image) } : {}),
    provider: {
      '@type': 'Organization',
      '@id': organizationId(origin),
      name: provider.name,
      url: absoluteUrl(origin, '/'),
    },
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'BRL',
      category: 'Gratuito',
      url,
    },
  };
}

export function itemListJsonLd(
  origin: string,
  name: string,
  items: readonly ListItemInput[],
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: absoluteUrl(origin, item.path),
    })),
  };
}
