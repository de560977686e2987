/**
 * The messages filled in from the content: the course, its programme and its page's address, and
 * the centre's contact details as published (decision 073).
 */
import { centre, findCourse } from '@centro/content';
import type { ContactDetails } from '@centro/contracts/contact';
import { describe, expect, it } from 'vitest';
import { packagedContact } from '../content/documents.js';
import {
  composeAccountDeleted,
  composeEmailVerification,
  composeEnrolmentConfirmation,
  messageCentre,
} from './compose.js';

const packaged = messageCentre(packagedContact);

/** Details as Comunicação saved them in 'Conteúdo' (normalised by the schema). */
const edited: ContactDetails = {
  ...packagedContact,
  address: {
    street: 'Avenida Nova, 1000',
    district: 'Jardim Novo',
    city: 'Campinas',
    state: 'SP',
    postalCode: '13010-000',
  },
  whatsapp: '5519987654321',
  email: 'fale@centro.example.org',
};

describe('compose', () => {
  it("confirms an enrolment in the course it is given, with its programme's name", () => {
    const course = findCourse('escola-de-mediuns', 'o-livro-dos-mediuns-i');
    if (!course) throw new Error('no course');
    const message = composeEnrolmentConfirmation({
      centre: packaged,
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
      centre: packaged,
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
    const message = composeEmailVerification({ centre: packaged, to: 'a@b.org', code: '000001' });
    expect(message.html).toContain(centre.name);
    expect(message.text).toContain(`Dúvidas: ${centre.email} · WhatsApp: `);
  });

  it('names the contact details published in Conteúdo: footer, meeting place, calendar', () => {
    const course = findCourse('global-kardec', 'passe');
    if (!course?.meetings || course.meetings.address) throw new Error('a course at the centre');
    const message = composeEnrolmentConfirmation({
      centre: messageCentre(edited),
      course,
      to: 'ana@example.org',
      personName: 'Ana',
      siteUrl: 'https://www.centro.org.br',
    });
    for (const part of [message.text, message.html]) {
      expect(part).toContain('fale@centro.example.org');
      expect(part).toContain('(19) 98765-4321');
      expect(part).toContain('Avenida Nova, 1000');
      expect(part).not.toContain(centre.email);
      expect(part).not.toContain(centre.address.street);
    }
    expect(message.html).toContain('href="mailto:fale@centro.example.org"');
    expect(message.text).toMatch(
      /Local: .*Avenida Nova, 1000 - Jardim Novo, Campinas - SP, CEP 13010-000/,
    );
    const ics = String(message.attachments[0]?.content ?? '');
    expect(ics.replace(/\r\n /g, '')).toContain('Avenida Nova\\, 1000');
    expect(ics).not.toContain(centre.address.street.split(',')[0]);

    // A message that names the address in its body, too.
    const farewell = composeAccountDeleted({
      centre: messageCentre(edited),
      to: 'ana@example.org',
      accountDeleted: false,
    });
    expect(farewell.text).toContain('para excluí-la, escreva para fale@centro.example.org.');
  });
});
