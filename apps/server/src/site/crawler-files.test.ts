import { describe, expect, it } from 'vitest';
import { absoluteUrl, renderRobots, renderSitemap } from './crawler-files.js';

describe('renderSitemap', () => {
  it('lists absolute, escaped URLs', () => {
    expect(renderSitemap('https://centro.org.br', ['/', '/a&b'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://centro.org.br/</loc></url>\n' +
        '  <url><loc>https://centro.org.br/a&amp;b</loc></url>\n' +
        '</urlset>\n',
    );
  });
});

describe('renderSitemap with edited pages', () => {
  it('gives the time of the last edit of the pages edited since the build', () => {
    const sitemap = renderSitemap(
      'https://centro.org.br',
      ['/', '/horarios'],
      new Map([['/horarios', '2026-11-26T12:00:00.000Z']]),
    );
    expect(sitemap).toContain('  <url><loc>https://centro.org.br/</loc></url>\n');
    expect(sitemap).toContain(
      '  <url><loc>https://centro.org.br/horarios</loc><lastmod>2026-11-26T12:00:00.000Z</lastmod></url>\n',
    );
  });
});

describe('renderRobots', () => {
  it('allows everything but the given prefixes and names the sitemap', () => {
    expect(renderRobots('http://localhost:3000', ['/api/', '/perfil'])).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /perfil\n\n' +
        'Sitemap: http://localhost:3000/sitemap.xml\n',
    );
  });
});

describe('absoluteUrl', () => {
  it('joins the origin and a path', () => {
    expect(absoluteUrl('https://x.org', '/global-kardec/passe')).toBe(
      'https://x.org/global-kardec/passe',
    );
  });
});
