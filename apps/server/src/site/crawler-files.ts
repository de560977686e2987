/** Texts of /sitemap.xml and /robots.txt. Pure functions. */

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Absolute URL of a site path: `absoluteUrl('https://x.org', '/a')` → `https://x.org/a`. */
export function absoluteUrl(siteUrl: string, urlPath: string): string {
  return new URL(urlPath, siteUrl).href;
}

/**
 * A sitemaps.org document listing every given path; `lastModified` (ISO-8601 instants by path)
 * gives the `<lastmod>` of the pages whose content was edited since the build (decision 054).
 */
export function renderSitemap(
  siteUrl: string,
  paths: readonly string[],
  lastModified: ReadonlyMap<string, string> = new Map(),
): string {
  const entries = paths.map((urlPath) => {
    const at = lastModified.get(urlPath);
    const lastmod = at === undefined ? '' : `<lastmod>${escapeXml(at)}</lastmod>`;
    return `  <url><loc>${escapeXml(absoluteUrl(siteUrl, urlPath))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything allowed except the given path prefixes, plus the sitemap's address. */
export function renderRobots(siteUrl: string, disallow: readonly string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
