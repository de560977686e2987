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
