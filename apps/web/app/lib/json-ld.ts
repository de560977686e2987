/**
 * schema.org JSON-LD builders: the centre, its courses, the course lists and the weekly schedule's
 * activities. Pure functions.
 */
import type { Address } from '@centro/content';
import type { CourseInstance, DayOfWeek, Event, Place, PostalAddress } from 'schema-dts';
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
  /** The course's next run, from its meeting data. */
  instance?: CourseInstanceInput;
}

/** A run of a course: weekly meetings at the centre (packages/content's `meetings`). */
export interface CourseInstanceInput {
  /** "2027-03-06" */
  firstMeeting: string;
  /** "2027-05-22" */
  lastMeeting: string;
  /** "sunday" ... "saturday" */
  weekday: string;
  /** "17:30" */
  startTime: string;
  /** "19:00" */
  endTime: string;
  count: number;
  durationMinutes: number;
  /** IANA zone of the times. */
  timeZone: string;
  /** Where it meets: the centre's name and address. */
  place: { name: string; address: Address };
}

const DAY_OF_WEEK: Record<string, DayOfWeek> = {
  sunday: 'https://schema.org/Sunday',
  monday: 'https://schema.org/Monday',
  tuesday: 'https://schema.org/Tuesday',
  wednesday: 'https://schema.org/Wednesday',
  thursday: 'https://schema.org/Thursday',
  friday: 'https://schema.org/Friday',
  saturday: 'https://schema.org/Saturday',
};

function postalAddressJsonLd(address: Address): PostalAddress {
  return {
    '@type': 'PostalAddress',
    streetAddress: address.street,
    addressLocality: address.city,
    addressRegion: address.state,
    postalCode: address.postalCode,
    addressCountry: address.country,
  };
}

function placeJsonLd(place: { name: string; address: Address }): Place {
  return { '@type': 'Place', name: place.name, address: postalAddressJsonLd(place.address) };
}

/** The weekly meetings as schema.org's CourseInstance with a repeating Schedule. */
export function courseInstanceJsonLd(input: CourseInstanceInput): CourseInstance {
  const { place } = input;
  const byDay = DAY_OF_WEEK[input.weekday];
  return {
    '@type': 'CourseInstance',
    courseMode: 'onsite',
    startDate: input.firstMeeting,
    endDate: input.lastMeeting,
    courseWorkload: `PT${input.durationMinutes * input.count}M`,
    courseSchedule: {
      '@type': 'Schedule',
      repeatFrequency: 'P1W',
      ...(byDay ? { byDay } : {}),
      startDate: input.firstMeeting,
      endDate: input.lastMeeting,
      startTime: input.startTime,
      endTime: input.endTime,
      duration: `PT${input.durationMinutes}M`,
      repeatCount: input.count,
      scheduleTimezone: input.timeZone,
    },
    location: placeJsonLd(place),
  };
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
    address: postalAddressJsonLd(centre.address),
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
    ...(course.instance ? { hasCourseInstance: courseInstanceJsonLd(course.instance) } : {}),
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

/** One activity of the weekly schedule (/horarios). */
export interface WeeklyActivityInput {
  name: string;
  description?: string;
  /** "sunday" ... "saturday" */
  weekday: string;
  /** "19:30" */
  startTime: string;
  /** "21:00" */
  endTime: string;
  timeZone: string;
}

/**
 * The schedule's activities as schema.org Events that repeat every week without end, at the centre,
 * free and in person; one `@graph`, so the page carries one script.
 */
export function weeklyEventsJsonLd(
  origin: string,
  place: { name: string; address: Address },
  activities: readonly WeeklyActivityInput[],
): object {
  const events = activities.map((activity): Event => {
    const byDay = DAY_OF_WEEK[activity.weekday];
    return {
      '@type': 'Event',
      name: activity.name,
      ...(activity.description ? { description: activity.description } : {}),
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      isAccessibleForFree: true,
      inLanguage: 'pt-BR',
      url: absoluteUrl(origin, '/horarios'),
      eventSchedule: {
        '@type': 'Schedule',
        repeatFrequency: 'P1W',
        ...(byDay ? { byDay } : {}),
        startTime: activity.startTime,
        endTime: activity.endTime,
        scheduleTimezone: activity.timeZone,
      },
      location: placeJsonLd(place),
      organizer: { '@type': 'Organization', '@id': organizationId(origin), name: place.name },
    };
  });
  return { '@context': 'https://schema.org', '@graph': events };
}
