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
