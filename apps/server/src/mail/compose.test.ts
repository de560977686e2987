/** The messages filled in from the content: the course, its programme and its page's address. */
import { centre } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { composeEnrolmentConfirmation, composeEmailVerification } from './compose.js';

describe('compose', () => {
  it("confirms an enrolment from the course's programme and slug", () => {
    const message = composeEnrolmentConfirmation({
      programme: 'escola-de-mediuns',
      slug: 'o-livro-dos-mediuns-i',
      to: 'ana@example.org',
      personName: 'Ana',
      siteUrl: 'https://www.centro.org.br',
    });
    expect(message.subject).toBe('Inscrição confirmada: O Livro dos Médiuns I (Escola de Médiuns)');
    expect(message.text).toContain(
      'Mais sobre o curso: https://www.centro.org.br/escola-de-mediuns/o-livro-dos-mediuns-i',
    );
    expect(message.text).toContain('Primeiro encontro: quinta-feira, ');
    expect(message.attachments[0]?.filename).toBe('o-livro-dos-mediuns-i.ics');
    expect(() =>
      composeEnrolmentConfirmation({
        programme: 'global-kardec',
        slug: 'nao-existe',
        to: 'a@b.org',
        personName: 'A',
        siteUrl: 'https://x.org',
      }),
    ).toThrow('Unknown course');
  });

  it("signs the other messages with the centre's name", () => {
    expect(composeEmailVerification({ to: 'a@b.org', code: '000001' }).html).toContain(centre.name);
  });
});
