import { describe, expect, it } from 'vitest';
import { absoluteUrl, buildNoIndexMeta, buildPageMeta, pageTitle } from './seo';

const site = { origin: 'https://centro.example.org', portalName: 'Portal Teste' };

describe('pageTitle', () => {
  it('joins the page and the portal', () => {
    expect(pageTitle('Horários', 'Portal Teste')).toBe('Horários | Portal Teste');
    expect(pageTitle(null, 'Portal Teste')).toBe('Portal Teste');
  });
});

describe('absoluteUrl', () => {
  it('resolves root-relative paths on the origin', () => {
    expect(absoluteUrl(site.origin, '/')).toBe('https://centro.example.org/');
    expect(absoluteUrl(site.origin, '/global-kardec/passe')).toBe(
      'https://centro.example.org/global-kardec/passe',
    );
  });
});

describe('buildPageMeta', () => {
  const meta = buildPageMeta(site, {
    title: 'Horários',
    description: 'Dias e horários.',
    path: '/horarios',
    image: { src: '/assets/banner.svg', alt: 'Um livro', width: 1200, height: 500 },
    jsonLd: [{ '@type': 'Thing' }],
  });

  it('has the title, description and absolute canonical link', () => {
    expect(meta).toContainEqual({ title: 'Horários | Portal Teste' });
    expect(meta).toContainEqual({ name: 'description', content: 'Dias e horários.' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://centro.example.org/horarios',
    });
  });

  it('has the Open Graph tags, with an absolute image', () => {
    const og = Object.fromEntries(
      meta.flatMap((m) => ('property' in m ? [[m.property, m.content]] : [])),
    );
    expect(og).toMatchObject({
      'og:title': 'Horários | Portal Teste',
      'og:description': 'Dias e horários.',
      'og:type': 'website',
      'og:url': 'https://centro.example.org/horarios',
      'og:image': 'https://centro.example.org/assets/banner.svg',
      'og:locale': 'pt_BR',
      'og:site_name': 'Portal Teste',
    });
  });

  it('adds one JSON-LD script per object', () => {
    expect(meta).toContainEqual({ 'script:ld+json': { '@type': 'Thing' } });
  });
});

describe('buildNoIndexMeta', () => {
  it('has a title and noindex, and no canonical link (the 404 page is served at any address)', () => {
    const meta = buildNoIndexMeta(site, 'Página Não Encontrada');
    expect(meta).toEqual([
      { title: 'Página Não Encontrada | Portal Teste' },
      { name: 'robots', content: 'noindex' },
    ]);
  });
});
