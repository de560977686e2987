import { allCourses, centre } from '@centro/content';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packagedCourseTexts } from './packaged-texts.js';
import {
  markdownOfParagraphs,
  refusedLinks,
  richTextHtml,
  richTextParagraphs,
} from './rich-text.js';
import { isAllowedLink } from './content-rules.js';
import { linksRefusedAtAGlance } from './text-rules.js';
import { courseTextsSchema, staffTextsSaveSchemaFor } from './texts.js';

describe('rich text', () => {
  it('makes paragraphs, bold, italics and links', () => {
    expect(richTextHtml('Um **forte** e *leve*.\n\nVeja [a agenda](/horarios).')).toBe(
      '<p>Um <strong>forte</strong> e <em>leve</em>.</p>\n<p>Veja <a href="/horarios">a agenda</a>.</p>',
    );
    expect(richTextHtml('[Escreva](mailto:a@b.org) ou [ligue](tel:+5511900000000)')).toContain(
      '<a href="mailto:a@b.org">Escreva</a> ou <a href="tel:+5511900000000">ligue</a>',
    );
  });

  it('writes raw HTML as text, never as markup', () => {
    const html = richTextHtml('<script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('makes no headings, lists, quotes, code, images or autolinks', () => {
    const html = richTextHtml(
      '# Título\n\n- item\n\n> citação\n\n    código\n\n`x`\n\n![foto](https://x.org/a.png)\n\n<https://x.org> https://y.org',
    );
    expect(html).not.toMatch(/<(h1|ul|li|blockquote|pre|code|img)\b/);
    expect(html).toContain('&lt;https://x.org&gt; https://y.org');
  });

  it('refuses links to other schemes, plain http and other hosts through //', () => {
    for (const link of ['javascript:alert(1)', 'http://x.org', '//evil.org', 'data:text/html,x']) {
      expect(refusedLinks(`[x](${link})`), link).toHaveLength(1);
      expect(richTextHtml(`[x](${link})`), link).not.toContain('<a');
      expect(linksRefusedAtAGlance(`[x](${link})`), link).toHaveLength(1);
    }
    // A link to nothing: its text, unlinked (the page is still rendered).
    expect(richTextHtml('Veja [a agenda]() e ![]().')).toBe('<p>Veja a agenda e !.</p>');
    expect(refusedLinks('[x](https://exemplo.org/a) [y](/contato)')).toEqual([]);
    expect(linksRefusedAtAGlance('[x](https://exemplo.org/a) [y](/contato)')).toEqual([]);
  });

  it('writes no other tag or attribute, and no link the site refuses, whatever the text', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<script>',
        '</p>',
        '<a href="javascript:x">',
        '"',
        "'",
        '&',
        '*',
        '**',
        '_',
        '[',
        ']',
        '(',
        ')',
        '](',
        '](javascript:alert(1))',
        '](https://x.org)',
        '](/contato "t")',
        '\n',
        '\n\n',
        '  \n',
        '\\',
        '`',
        '#',
        '> ',
        '- ',
        '1. ',
        '![',
        '<https://x.org>',
        '&lt;',
        '&#106;avascript:',
        'javas\tcript:',
        '](//x.org)',
        '](mailto:a@b.org)',
        ' onerror=',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const html = richTextHtml(pieces.join(''));
        for (const [, closing, tag, attributes] of html.matchAll(/<(\/?)([a-z]+)([^>]*)>/g)) {
          expect(['p', 'strong', 'em', 'a', 'br']).toContain(tag);
          if (tag !== 'a' || closing) {
            expect(attributes).toBe('');
            continue;
          }
          const match = /^ href="([^"]*)"( title="[^"]*")?$/.exec(attributes ?? '');
          expect(match, attributes).not.toBeNull();
          const href = (match?.[1] ?? '').replaceAll('&amp;', '&');
          expect(isAllowedLink(href), href).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads the packaged paragraphs back word for word', () => {
    const paragraphs = [
      ...centre.introduction,
      ...centre.about,
      ...allCourses().flatMap((c) => c.description),
      'Um *asterisco*, um _traço_ e [colchetes] \\ <b>',
      'Seja bem-vindo! `código` ![imagem](https://exemplo.org/a.png) <https://exemplo.org>',
    ];
    for (const paragraph of paragraphs) {
      expect(richTextParagraphs(markdownOfParagraphs([paragraph]))).toEqual([paragraph]);
    }
    // The staff's text box shows the words as written: no backslash before what is not a mark.
    expect(markdownOfParagraphs(['Seja bem-vindo! <b> `x`'])).toBe('Seja bem-vindo! <b> `x`');
  });

  it('accepts every packaged course text and refuses a bad link with a pt-BR message', () => {
    for (const course of allCourses()) {
      expect(courseTextsSchema.safeParse(packagedCourseTexts(course)).success).toBe(true);
    }
    const [course] = allCourses();
    if (!course) throw new Error('no course');
    const texts = { ...packagedCourseTexts(course), description: '[clique](javascript:alert(1))' };
    const result = staffTextsSaveSchemaFor(['/global-kardec/x']).safeParse({
      document: '/global-kardec/x',
      revision: 0,
      texts,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(' ')).toContain(
      'Descrição: o link javascript:alert(1) não é permitido',
    );
  });

  it('refuses texts too long and a page that does not exist', () => {
    const long = { introduction: 'a'.repeat(4001) };
    const schema = staffTextsSaveSchemaFor([]);
    const tooLong = schema.safeParse({ document: 'home', revision: 0, texts: long });
    expect(tooLong.error?.issues[0]?.message).toContain('Apresentação: no máximo 4000 caracteres.');
    const unknown = schema.safeParse({ document: '/x/y', revision: 0, texts: { text: 'a' } });
    expect(unknown.error?.issues[0]?.message).toBe('Página desconhecida.');
  });
});
