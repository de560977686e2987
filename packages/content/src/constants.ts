/** Plain constants, safe for the browser bundle (no validation library). */

/** Slugs of the two course programmes; also the first path segment of their pages. */
export const programmeSlugs = ['global-kardec', 'escola-de-mediuns'] as const;
