/** The server's answers as curl sees them: prerendered text, status codes, headers, sitemap. */
import { allCourses, centre, publicPaths, schedule } from '@centro/content';
import { expect, test } from '@playwright/test';

test.describe('without a browser', () => {
  test('each public route answers 200 with its text in the HTML', async ({ request }) => {
    for (const path of publicPaths()) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(html, path).toContain('<h1');
      expect(html, path).toContain(centre.email);
    }
  });

  test('course pages carry their title and description before any script runs', async ({
    request,
  }) => {
    for (const course of allCourses()) {
      const html = await (await request.get(`/${course.programme}/${course.slug}`)).text();
      expect(html).toContain(escapeHtml(course.title));
      expect(html).toContain(escapeHtml(course.description[0] ?? ''));
      expect(html).toContain('Quero me inscrever');
    }
  });

  test('the schedule is in the HTML of /horarios', async ({ request }) => {
    const html = await (await request.get('/horarios')).text();
    for (const day of schedule) {
      expect(html).toContain(escapeHtml(day.day));
      for (const activity of day.activities) expect(html).toContain(activity.time);
    }
    expect(html.match(/Tirar Dúvidas/g)?.length ?? 0).toBeGreaterThanOrEqual(schedule.length);
  });

  test('an unknown path answers 404 with the not-found page', async ({ request }) => {
    const response = await request.get('/pagina-que-nao-existe/abc');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Página Não Encontrada');
  });

  test('HTML answers carry the security headers and a CSP without unsafe-inline scripts', async ({
    request,
  }) => {
    for (const path of ['/', '/contato', '/nao-existe']) {
      const headers = (await request.get(path)).headers();
      const csp = headers['content-security-policy'] ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).toContain("'self'");
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cache-control']).toContain('no-cache');
    }
  });

  test('assets are compressed and cached for good', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await request.get(asset ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('immutable');
    expect(response.headers()['content-encoding']).toMatch(/br|gzip/);
  });

  test('sitemap.xml lists every public route, robots.txt points to it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of publicPaths()) {
      expect(sitemap).toContain(`<loc>http://localhost:3000${path === '/' ? '/' : path}</loc>`);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  test('healthz answers ok', async ({ request }) => {
    const response = await request.get('/healthz');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}
