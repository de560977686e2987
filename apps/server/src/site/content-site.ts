/** The website as the server needs to know it, taken from @centro/content. */
import { centre, publicPaths, signedInPaths } from '@centro/content';
import { cspOrigin } from '../http/csp.js';
import type { SiteRoutes } from './load-pages.js';

export interface SiteDefinition extends SiteRoutes {
  /** Origins the pages embed in frames (the map on /contato). */
  frameSrc: readonly string[];
  /** Path prefixes that crawlers should not visit. */
  crawlDisallow: readonly string[];
}

export function contentSite(): SiteDefinition {
  return {
    publicPaths: publicPaths(),
    signedInPaths,
    frameSrc: [cspOrigin(centre.mapEmbedUrl)],
    crawlDisallow: ['/api/', '/idp/', ...signedInPaths],
  };
}
