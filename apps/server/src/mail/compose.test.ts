/** The messages filled in from the content: the course, its programme and its page's address. */
import { centre, findCourse } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { composeEnrolmentConfirmation, composeEmailVerification } from './compose.js';

describe('compose', () => {
  it("confirms an enrolment in the course it is given, with its programme's name", () => {
    const course = findCourse('escola-de-mediuns', 'o-livro-dos-mediuns-i');
    if (!course) throw new Error('no course');
    const message = composeEnrolmentConfirmation({
      course,
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

    // The course as staff changed it: its invite code and meetings, not the content's.
    const changed = composeEnrolmentConfirmation({
      course: {
        ...course,
        inviteCode: 'NovoConvite2026',
        meetings: { ...course.meetings, firstMeeting: '2027-04-03', weekday: 'saturday' },
      },
      to: 'ana@example.org',
      personName: 'Ana',
      siteUrl: 'https://www.centro.org.br',
    });
    expect(changed.html).toContain('https://chat.whatsapp.com/NovoConvite2026');
    expect(changed.text).toContain('Primeiro encontro: sábado, 03/04/2027');
  });

  it("signs the other messages with the centre's name", () => {
    expect(composeEmailVerification({ to: 'a@b.org', code: '000001' }).html).toContain(centre.name);
  });
});
