import { describe, expect, it } from 'vitest';
import { absoluteUrl, buildNoIndexMeta, buildPageMeta, pageTitle, previewImagePath } from './seo';

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

  it('has the Open Graph tags, with the absolute address of the page’s raster preview', () => {
    const og = Object.fromEntries(
      meta.flatMap((m) => ('property' in m ? [[m.property, m.content]] : [])),
    );
    expect(og).toMatchObject({
      'og:title': 'Horários | Portal Teste',
      'og:description': 'Dias e horários.',
      'og:type': 'website',
      'og:url': 'https://centro.example.org/horarios',
      'og:image': 'https://centro.example.org/og/horarios.png',
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Um livro',
      'og:locale': 'pt_BR',
      'og:site_name': 'Portal Teste',
    });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });

  it('names the illustration the build draws into the preview, and the icon when there is none', () => {
    expect(meta).toContainEqual(
      expect.objectContaining({ property: 'og:image', 'data-illustration': '/assets/banner.svg' }),
    );
    const plain = buildPageMeta(site, { title: 'Contato', description: 'd', path: '/contato' });
    const image = plain.find((m) => 'property' in m && m.property === 'og:image');
    expect(image).toEqual({
      property: 'og:image',
      content: 'https://centro.example.org/og/contato.png',
    });
    expect(plain).toContainEqual({ property: 'og:image:alt', content: 'Contato | Portal Teste' });
  });

  it('adds one JSON-LD script per object', () => {
    expect(meta).toContainEqual({ 'script:ld+json': { '@type': 'Thing' } });
  });
});

describe('previewImagePath', () => {
  it('gives each page its own PNG under /og/', () => {
    expect(previewImagePath('/')).toBe('/og/inicio.png');
    expect(previewImagePath('/horarios')).toBe('/og/horarios.png');
    expect(previewImagePath('/global-kardec/passe')).toBe('/og/global-kardec/passe.png');
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
