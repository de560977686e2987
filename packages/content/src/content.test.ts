import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { content, rawContent } from './content.js';
import { allCourses } from './queries.js';
import type { Image } from './schema.js';
import { validateContent } from './validate.js';

const IMAGES_DIR = fileURLToPath(new URL('../../../apps/web/app/assets/images/', import.meta.url));

const GLOBAL_KARDEC_SLUGS = [
  'conheca-o-espiritismo',
  'nosso-lar',
  'passe',
  'corrente',
  'vibracao',
  'instituto-da-caridade',
  'instituto-da-crianca',
  'instituto-da-divulgacao',
  'instituto-do-esclarecimento-e-familia',
  'instituto-do-jovem',
];
const ESCOLA_DE_MEDIUNS_SLUGS = [
  'estudando-andre-luiz-i',
  'estudando-andre-luiz-ii',
  'o-livro-dos-mediuns-i',
  'o-livro-dos-mediuns-ii',
  'nos-dominios-da-mediunidade-i',
  'nos-dominios-da-mediunidade-ii',
  'compreendendo-a-dor-humana-i',
  'compreendendo-a-dor-humana-ii',
  'desenvolvimento-mediunico-vibracao',
  'desenvolvimento-mediunico-fase-i',
];

/** Every string anywhere in a value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('content', () => {
  it('is valid against the schema and the cross-field rules', () => {
    expect(() => validateContent(rawContent)).not.toThrow();
  });

  it('has the two programmes, in order, with the spec slugs in order', () => {
    const [globalKardec, escolaDeMediuns] = content.programmes;
    expect(globalKardec.slug).toBe('global-kardec');
    expect(globalKardec.name).toBe('Global Kardec');
    expect(globalKardec.courses.map((c) => c.slug)).toEqual(GLOBAL_KARDEC_SLUGS);
    expect(escolaDeMediuns.slug).toBe('escola-de-mediuns');
    expect(escolaDeMediuns.name).toBe('Escola de Médiuns');
    expect(escolaDeMediuns.courses.map((c) => c.slug)).toEqual(ESCOLA_DE_MEDIUNS_SLUGS);
    for (const programme of content.programmes) {
      for (const course of programme.courses) expect(course.programme).toBe(programme.slug);
    }
  });

  it('has the spec course titles with proper accents', () => {
    const titles = allCourses().map((c) => c.title);
    expect(titles).toEqual([
      'Conheça o Espiritismo',
      'Nosso Lar',
      'Passe',
      'Corrente',
      'Vibração',
      'Instituto da Caridade',
      'Instituto da Criança',
      'Instituto da Divulgação',
      'Instituto do Esclarecimento e Família',
      'Instituto do Jovem',
      'Estudando André Luiz I',
      'Estudando André Luiz II',
      'O Livro dos Médiuns I',
      'O Livro dos Médiuns II',
      'Nos Domínios da Mediunidade I',
      'Nos Domínios da Mediunidade II',
      'Compreendendo a Dor Humana I',
      'Compreendendo a Dor Humana II',
      'Desenvolvimento Mediúnico: Vibração',
      'Desenvolvimento Mediúnico: Fase I',
    ]);
  });

  it('assigns cycles and degrees', () => {
    const stages = (slug: 'global-kardec' | 'escola-de-mediuns') =>
      allCourses()
        .filter((c) => c.programme === slug)
        .map((c) => c.stage);
    expect(stages('global-kardec')).toEqual([
      ...Array<string>(5).fill('Ciclo Introdutório'),
      ...Array<string>(5).fill('Ciclo de Especialização'),
    ]);
    expect(new Set(stages('escola-de-mediuns'))).toEqual(
      new Set(['Grau Básico', 'Grau Intermediário', 'Desenvolvimento Mediúnico']),
    );
  });

  it('has 20 unique slugs and group ids, and no placeholder invite', () => {
    const courses = allCourses();
    expect(courses).toHaveLength(20);
    expect(new Set(courses.map((c) => c.slug)).size).toBe(20);
    expect(new Set(courses.map((c) => c.groupId.toLowerCase())).size).toBe(20);
    for (const course of courses) {
      // A code that leads nowhere is worse than none: none until the centre has the group's.
      expect(course.inviteCode ?? '').not.toMatch(/Trocar/i);
      expect(course.places).toBeGreaterThanOrEqual(20);
    }
  });

  it('has real, distinct texts for every course', () => {
    const courses = allCourses();
    expect(new Set(courses.map((c) => c.summary)).size).toBe(20);
    const paragraphs = courses.flatMap((c) => c.description);
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
    for (const course of courses) {
      expect(course.description.length, course.slug).toBeGreaterThanOrEqual(3);
      expect(course.description.length, course.slug).toBeLessThanOrEqual(4);
      for (const paragraph of course.description) {
        expect(paragraph.length, course.slug).toBeGreaterThan(120);
      }
    }
    const all = strings(content).join(' ');
    expect(all).not.toMatch(/\b(?:lorem|ipsum)\b/i);
    expect(all).not.toMatch(/\b(?:TODO|FIXME|XXX)\b/);
  });

  it('says the courses are free and places are limited', () => {
    for (const programme of content.programmes) {
      const text = programme.introduction.join(' ');
      expect(text).toMatch(/gratuitos/);
      expect(text).toMatch(/vagas são limitadas/i);
    }
  });

  it('has the schedule of the spec', () => {
    const summary = content.schedule.map((d) => [
      d.day,
      d.activities.map((a) => `${a.time} ${a.title}${a.note ? ` (${a.note})` : ''}`),
    ]);
    expect(summary).toEqual([
      [
        'Domingo',
        [
          '09h Campanha da Fraternidade e Caravana do Lar (Arrecadação e entrega de alimentos e visitas fraternas às famílias assistidas.)',
        ],
      ],
      [
        'Segunda-feira',
        ['19h30 Triagem Fraterna (Atendimento individual para iniciar o tratamento espiritual.)'],
      ],
      [
        'Terça-feira',
        ['19h30 Reunião Pública (Presencial e transmitida ao vivo em nosso canal de vídeo.)'],
      ],
      [
        'Quarta-feira',
        [
          '19h30 Tratamento Espiritual (Somente para quem iniciou o tratamento na Triagem Fraterna.)',
        ],
      ],
      [
        'Sábado',
        [
          '08h Postos de Assistência',
          '08h Tratamento Infantojuvenil (De 0 a 13 anos.)',
          '08h Núcleos de Trabalho',
          '17h30 Escola de Estudos Global Kardec (Acima de 14 anos.)',
        ],
      ],
    ]);
  });

  it('respects the age notes of the spec wherever ages are mentioned', () => {
    const byslug = (slug: string) => {
      const course = allCourses().find((c) => c.slug === slug);
      if (!course) throw new Error(slug);
      return strings(course).join(' ');
    };
    expect(byslug('instituto-da-crianca')).toMatch(/0 a 11 anos/);
    expect(byslug('instituto-do-jovem')).toMatch(/a partir de 12 anos/);
    expect(content.programmes[0].introduction.join(' ')).toMatch(/acima de 14 anos/);
    // Every mention of an age range is one of the spec's.
    const allowed = ['0 a 13 anos', '0 a 11 anos', 'a partir de 12 anos', 'acima de 14 anos'];
    const mentions = strings(content).flatMap(
      (text) => text.match(/(?:de |a partir de |acima de )?\d+ (?:a \d+ )?anos/gi) ?? [],
    );
    expect(mentions.length).toBeGreaterThan(0);
    for (const mention of mentions) {
      expect(
        allowed.some((a) => mention.toLowerCase().endsWith(a)),
        mention,
      ).toBe(true);
    }
  });

  it('explains enrolment with the labels the site shows', () => {
    const text = strings(content.tutorial).join(' ');
    for (const label of [
      'Quero me inscrever',
      'Nome',
      'E-mail',
      'Senha',
      '8 caracteres',
      'Celular',
      'Data de nascimento',
      'Criar conta',
      // The e-mail code step: the page's title, its button and what to do without it.
      'Confirme seu e-mail',
      'código de 6 dígitos',
      'Confirmar',
      'Reenviar código',
      'Finalizar inscrição',
      'Inscrição Confirmada!',
      'Entre em nosso grupo de WhatsApp',
      'Acessar',
      'Perfil',
      'Carregar Dados',
      'Atualizar',
    ]) {
      expect(text, label).toContain(label);
    }
  });

  it('has a privacy notice covering the LGPD essentials', () => {
    const text = strings(content.privacy).join(' ');
    for (const needle of [
      'LGPD',
      'art. 18',
      'nome, e-mail, celular e data de nascimento',
      content.centre.email,
      'armazenamento local',
      // What prerequisites need is kept while the account exists.
      'Guardamos, enquanto a sua conta existir, se você concluiu cada curso (o curso, a turma e a data, e o motivo quando a coordenação altera uma conclusão)',
      'quando a secretaria ou a coordenação libera a sua inscrição em um curso sem os pré-requisitos',
      'Esses registros são apagados junto com a conta.',
    ]) {
      expect(text, needle).toContain(needle);
    }
  });

  it('lists placeholders that all point at existing values', () => {
    const resolve = (path: string): unknown[] => {
      let values: unknown[] = [content];
      for (const part of path.replace(/\[\*\]/g, '.*').split('.')) {
        values = values.flatMap((v) => {
          if (part === '*') return Array.isArray(v) ? v : [];
          return v && typeof v === 'object' && part in v
            ? [(v as Record<string, unknown>)[part]]
            : [];
        });
      }
      return values;
    };
    expect(content.placeholders.length).toBeGreaterThan(0);
    for (const path of content.placeholders) {
      expect(resolve(path).length, path).toBeGreaterThan(0);
    }
  });

  it('builds the map embed from the address', () => {
    expect(content.centre.mapEmbedUrl).toMatch(
      /^https:\/\/www\.google\.com\/maps\?q=.+&output=embed$/,
    );
    expect(decodeURIComponent(content.centre.mapEmbedUrl)).toContain(content.centre.address.street);
  });
});

describe('images', () => {
  const images: Image[] = [
    ...allCourses().map((c) => c.image),
    ...content.centre.carousel,
    content.centre.bannerImage,
  ];

  it('gives every course its own illustration', () => {
    for (const course of allCourses()) {
      expect(course.image.file).toBe(`courses/${course.slug}.svg`);
      expect([course.image.width, course.image.height]).toEqual([640, 400]);
    }
    expect(content.centre.carousel.map((i) => [i.file, i.width, i.height])).toEqual([
      ['carousel/1.svg', 1200, 675],
      ['carousel/2.svg', 1200, 675],
      ['carousel/3.svg', 1200, 675],
    ]);
    expect(content.centre.bannerImage).toMatchObject({
      file: 'banner-global-kardec.svg',
      width: 1200,
      height: 500,
    });
  });

  it.each(images.map((i) => [i.file, i] as const))(
    '%s exists and matches its entry',
    (_, image) => {
      const file = IMAGES_DIR + image.file;
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(8 * 1024);
      const svg = readFileSync(file, 'utf8');
      const root = svg.slice(0, svg.indexOf('>'));
      expect(root).toContain(`width="${image.width}"`);
      expect(root).toContain(`height="${image.height}"`);
      expect(root).toContain(`viewBox="0 0 ${image.width} ${image.height}"`);
      expect(svg).not.toMatch(/<script|<text|<image|<foreignObject|@font-face|on\w+=/i);
      expect(image.alt.length).toBeGreaterThan(20);
    },
  );

  it('has distinct alt texts', () => {
    expect(new Set(images.map((i) => i.alt)).size).toBe(images.length);
  });
});
