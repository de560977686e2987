import { describe, expect, it } from 'vitest';
import {
  type Banner,
  nextBannerChange,
  bannersDocumentSchema,
  bannersOn,
  saoPauloInstant,
  staffBannersSaveSchemaFor,
} from './banners.js';

const holiday: Banner = {
  title: 'Feriado',
  text: 'Não haverá reunião na terça-feira, 25 de dezembro.',
  from: '2026-12-20T00:00',
  until: '2026-12-26T00:00',
  place: 'home',
};

/** The pt-BR messages of a notices document, by field path. */
function errors(notices: unknown[]): Record<string, string> {
  const result = bannersDocumentSchema.safeParse(notices);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('saoPauloInstant', () => {
  it('reads a local time as São Paulo time (UTC−3)', () => {
    expect(new Date(saoPauloInstant('2026-12-24T18:00')).toISOString()).toBe(
      '2026-12-24T21:00:00.000Z',
    );
  });

  it.each(['2026-02-31T10:00', '2026-12-24', '2026-12-24T24:00', '24/12/2026 18:00', ''])(
    'refuses %s',
    (local) => expect(saoPauloInstant(local)).toBeNaN(),
  );
});

describe('bannersDocumentSchema', () => {
  it('accepts a notice and trims its texts', () => {
    expect(bannersDocumentSchema.parse([{ ...holiday, title: '  Feriado ' }])).toEqual([holiday]);
  });

  it('gives each bad field its pt-BR message', () => {
    expect(
      errors([
        {
          ...holiday,
          title: '',
          text: 'x'.repeat(281),
          from: '2026-13-01T10:00',
          place: 'sidebar',
        },
      ]),
    ).toEqual({
      '0.title': 'Título: campo obrigatório.',
      '0.text': 'Texto: no máximo 280 caracteres.',
      '0.from': 'Início: data e hora inválidas.',
      '0.place': 'Escolha onde o aviso aparece.',
    });
    expect(errors([{ ...holiday, until: holiday.from }])).toEqual({
      '0.until': 'Fim: precisa ser depois do início.',
    });
    expect(errors([{ ...holiday, place: 'course' }])).toEqual({ '0.course': 'Escolha o curso.' });
    expect(errors(Array.from({ length: 21 }, () => holiday))).toEqual({
      '': 'No máximo 20 avisos.',
    });
  });

  it('refuses unknown fields and, on the server, a course that does not exist', () => {
    expect(bannersDocumentSchema.safeParse([{ ...holiday, html: '<b>' }]).success).toBe(false);
    const schema = staffBannersSaveSchemaFor(['/global-kardec/passe']);
    const onCourse = (course: string) => ({
      revision: 0,
      notices: [{ ...holiday, place: 'course', course }],
    });
    expect(schema.safeParse(onCourse('/global-kardec/passe')).success).toBe(true);
    const unknown = schema.safeParse(onCourse('/global-kardec/nenhum'));
    expect(unknown.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['notices.0.course', 'Escolha o curso.'],
    ]);
  });
});

describe('bannersOn', () => {
  const course: Banner = { ...holiday, title: 'Aula', place: 'course', course: '/g/passe' };
  const everywhere: Banner = { ...holiday, title: 'Todos', place: 'everywhere' };
  const all = [holiday, course, everywhere];
  const titles = (path: string, at: string) =>
    bannersOn(all, path, new Date(at)).map((n) => n.title);

  it('shows each notice on its pages only', () => {
    const during = '2026-12-22T12:00:00Z';
    expect(titles('/', during)).toEqual(['Feriado', 'Todos']);
    expect(titles('/g/passe', during)).toEqual(['Aula', 'Todos']);
    expect(titles('/horarios', during)).toEqual(['Todos']);
  });

  it('shows them from the start of their period (São Paulo time) until its end', () => {
    expect(titles('/', '2026-12-20T02:59:59Z')).toEqual([]);
    expect(titles('/', '2026-12-20T03:00:00Z')).toEqual(['Feriado', 'Todos']);
    expect(titles('/', '2026-12-26T02:59:59Z')).toEqual(['Feriado', 'Todos']);
    expect(titles('/', '2026-12-26T03:00:00Z')).toEqual([]);
  });
});

describe('nextBannerChange', () => {
  const later: Banner = { ...holiday, from: '2026-12-22T10:00', until: '2026-12-23T00:00' };

  it('is the next start or end of a period, in São Paulo time', () => {
    const at = (iso: string) => nextBannerChange([holiday, later], new Date(iso));
    expect(at('2026-12-19T00:00:00Z')).toBe(Date.parse('2026-12-20T03:00:00Z'));
    expect(at('2026-12-21T00:00:00Z')).toBe(Date.parse('2026-12-22T13:00:00Z'));
    expect(at('2026-12-22T13:00:00Z')).toBe(Date.parse('2026-12-23T03:00:00Z'));
    expect(at('2026-12-25T00:00:00Z')).toBe(Date.parse('2026-12-26T03:00:00Z'));
  });

  it('is none once every period has ended', () => {
    expect(nextBannerChange([holiday], new Date('2026-12-26T03:00:00Z'))).toBeUndefined();
    expect(nextBannerChange([], new Date('2026-12-01T00:00:00Z'))).toBeUndefined();
  });
});
