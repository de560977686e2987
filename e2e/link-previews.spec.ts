/**
 * What a shared link and 'Adicionar à tela inicial' show, as a link-preview crawler and
 * a phone see them: each public page's preview tags, each preview a whole PNG of the declared size
 * under 300 KB, the web app manifest with its icons, and the schedule's events.
 */
import { centre, publicPaths, schedule } from '@centro/content';
import { expect, test } from '@playwright/test';
import { decodePng } from './support/png';

const MAX_PREVIEW_BYTES = 300 * 1024;

/** The page's <meta> tags by property or name, as a crawler reads them (no script runs). */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const key = /\b(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /\bcontent="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined) tags.set(key, content.replace(/&amp;/g, '&'));
  }
  return tags;
}

test('every public page has a raster preview of the declared size, under 300 KB', async ({
  request,
}) => {
  const seen = new Set<string>();
  for (const path of publicPaths()) {
    const html = await (await request.get(path)).text();
    const tags = metaTags(html);
    expect(tags.get('twitter:card'), path).toBe('summary_large_image');
    expect(tags.get('og:image:type'), path).toBe('image/png');
    expect(tags.get('og:image:alt'), path).toMatch(/\S/);
    expect(html, `${path} keeps no build-only attribute`).not.toMatch(
      /<meta[^>]*data-illustration/,
    );
    const width = Number(tags.get('og:image:width'));
    const height = Number(tags.get('og:image:height'));
    expect([width, height], path).toEqual([1200, 630]);

    const imageUrl = new URL(tags.get('og:image') ?? '');
    expect(seen.has(imageUrl.pathname), `${path} has a preview of its own`).toBe(false);
    seen.add(imageUrl.pathname);
    const image = await request.get(imageUrl.pathname);
    expect(image.status(), imageUrl.pathname).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const body = await image.body();
    expect(body.length, imageUrl.pathname).toBeLessThan(MAX_PREVIEW_BYTES);
    expect(decodePng(body), imageUrl.pathname).toMatchObject({ width, height });
  }
});

test('the site can be added to the home screen with the centre’s name and icon', async ({
  request,
}) => {
  const html = await (await request.get('/horarios')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: centre.name, start_url: '/', display: 'standalone' });
  for (const size of [192, 512]) {
    const icon = manifest.icons.find(
      (i) => i.sizes === `${size}x${size}` && i.purpose === 'maskable',
    );
    expect(icon, `maskable ${size} icon`).toBeDefined();
    const png = await request.get(icon?.src ?? '');
    expect(png.headers()['content-type']).toBe('image/png');
    expect(decodePng(await png.body())).toMatchObject({ width: size, height: size });
  }
});

test('search engines find the weekly activities of /horarios as repeating events', async ({
  request,
}) => {
  const html = await (await request.get('/horarios')).text();
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  const events = scripts.flatMap(([, json]) => {
    const data = JSON.parse(json ?? '{}') as { '@graph'?: { '@type': string }[] };
    return (data['@graph'] ?? []).filter((node) => node['@type'] === 'Event');
  });
  const activities = schedule.reduce((n, day) => n + day.activities.length, 0);
  expect(events).toHaveLength(activities);
  expect(events[0]).toMatchObject({
    eventSchedule: { repeatFrequency: 'P1W', scheduleTimezone: 'America/Sao_Paulo' },
  });
});
