/**
 * The content's rules without zod (decision 016), for the staff area's form and the schemas alike
 * (`@centro/contracts/content-rules`): the schedule's day names, the lengths, the allowed links.
 */

/** The week's days as the schedule names them, Sunday first. */
export const scheduleDayNames = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

export const CONTENT_LIMITS = {
  title: 120,
  note: 300,
  topic: 200,
  link: 500,
  activitiesPerDay: 6,
} as const;

/**
 * Whether a link may appear on the site: `https:`, `mailto:`, `tel:` or one of the site's own
 * paths (`/contato`, not `//host`).
 */
export function isAllowedLink(link: string): boolean {
  if (/^\/(?![/\\])/.test(link)) return !/[\s<>"]/.test(link);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'mailto:' || url.protocol === 'tel:';
}

// Notices ('Avisos', decision 056).

export const BANNER_LIMITS = { title: 80, text: 280, notices: 20 } as const;

/** Where a notice shows. */
export const bannerPlaces = ['home', 'course', 'everywhere'] as const;
export type BannerPlace = (typeof bannerPlaces)[number];

/** São Paulo has kept UTC−3 all year since 2019. */
const SAO_PAULO_OFFSET = '-03:00';
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;

/** The instant of a São Paulo local time ("2026-12-24T18:00"), or NaN when it is not one. */
export function saoPauloInstant(local: string): number {
  if (!LOCAL_TIME.test(local)) return Number.NaN;
  const instant = Date.parse(`${local}:00${SAO_PAULO_OFFSET}`);
  if (Number.isNaN(instant)) return Number.NaN;
  // Date.parse accepts 2026-02-31: a real date reads back the same.
  const back = new Date(instant - 3 * 3600_000).toISOString().slice(0, 16);
  return back === local ? instant : Number.NaN;
}
