import { describe, expect, it } from 'vitest';
import { courseJsonLd, itemListJsonLd, organizationId, organizationJsonLd } from './json-ld';

const origin = 'https://centro.example.org';

describe('organizationJsonLd', () => {
  it('describes the centre with its postal address, telephone, e-mail and url', () => {
    const org = organizationJsonLd(origin, {
      name: 'Centro Teste',
      description: 'Uma casa espírita.',
      address: {
        street: 'Rua A, 1',
        district: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01000-000',
        country: 'BR',
      },
      phoneDigits: '5511987654321',
      email: 'contato@teste.org',
    });
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['Organization', 'PlaceOfWorship'],
      '@id': organizationId(origin),
      name: 'Centro Teste',
      url: 'https://centro.example.org/',
      telephone: '+5511987654321',
      email: 'contato@teste.org',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Rua A, 1',
        addressLocality: 'São Paulo',
        addressRegion: 'SP',
        postalCode: '01000-000',
        addressCountry: 'BR',
      },
    });
  });
});

describe('courseJsonLd', () => {
  it('describes a free course in pt-BR given by the centre', () => {
    const course = courseJsonLd(
      origin,
      { name: 'Centro Teste' },
      { name: 'Passe', description: 'Sobre o passe.', path: '/global-kardec/passe' },
    );
    expect(course).toMatchObject({
      '@type': 'Course',
      name: 'Passe',
      description: 'Sobre o passe.',
      url: 'https://centro.example.org/global-kardec/passe',
      inLanguage: 'pt-BR',
      isAccessibleForFree: true,
      provider: { '@type': 'Organization', '@id': organizationId(origin), name: 'Centro Teste' },
      offers: { '@type': 'Offer', price: 0, priceCurrency: 'BRL' },
    });
  });
});

describe('itemListJsonLd', () => {
  it('lists the courses in order with absolute URLs', () => {
    const list = itemListJsonLd(origin, 'Cursos', [
      { name: 'A', path: '/p/a' },
      { name: 'B', path: '/p/b' },
    ]);
    expect(list).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'A', url: 'https://centro.example.org/p/a' },
        { '@type': 'ListItem', position: 2, name: 'B', url: 'https://centro.example.org/p/b' },
      ],
    });
  });
});
