/**
 * The messages: pt-BR texts with both parts, the centre's frame, no remote resources, every
 * interpolated value escaped, and the confirmation's calendar attachment.
 */
import { centre, type Course, findCourse, whatsappGroupLink } from '@centro/content';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../types.js';
import {
  emailVerification,
  enrolmentConfirmation,
  passwordReset,
  signUpAttempt,
} from './messages.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const course: Course = {
  ...passe,
  inviteCode: 'Fh3kQm9ZpL2xW7vB1nT4yR',
  meetings: { ...passe.meetings, firstMeeting: '2026-03-07', time: '15:00', room: 'Sala 3' },
};
const HOSTILE = `<img src=x onerror="alert(1)"> & 'Ana'`;

const confirmation = (personName = 'Ana Souza') =>
  enrolmentConfirmation({
    centre,
    to: 'ana@example.org',
    personName,
    course,
    programmeName: 'Global Kardec',
    courseUrl: 'https://www.centro.org.br/global-kardec/passe',
    now: new Date('2026-01-10T12:00:00Z'),
  });

const all = (): MailMessage[] => [
  confirmation(),
  emailVerification({ centre, to: 'ana@example.org', personName: 'Ana', code: '042917' }),
  passwordReset({
    centre,
    to: 'ana@example.org',
    resetUrl: 'https://www.centro.org.br/idp/redefinir-senha?token=abc',
  }),
  signUpAttempt({
    centre,
    to: 'ana@example.org',
    signInUrl: 'https://www.centro.org.br/?acessar',
  }),
];

describe('messages', () => {
  it("wear the centre's frame, in pt-BR, with a plain-text part, and fetch nothing remote", () => {
    for (const message of all()) {
      expect(message.html).toMatch(/^<!doctype html>\s*<html lang="pt-BR">/);
      expect(message.html).toContain(centre.name);
      expect(message.html).toContain('#1f3a5f'); // the site's blue
      expect(message.html).toContain('#e0a526'); // and gold
      expect(message.html).not.toMatch(/<img|<link|url\(|@import|<script/i);
      expect(message.text).toContain(centre.name);
      expect(message.text).toContain(`Dúvidas: ${centre.email}`);
      expect(message.text).not.toMatch(/<[a-z]/i);
      expect(message.to).toBe('ana@example.org');
    }
  });

  it('confirms an enrolment with the course, programme, name, group button, first meeting and a calendar', () => {
    const message = confirmation();
    expect(message.kind).toBe('enrolment-confirmation');
    expect(message.subject).toBe('Inscrição confirmada: Passe (Global Kardec)');
    const group = whatsappGroupLink('Fh3kQm9ZpL2xW7vB1nT4yR');
    expect(message.html).toContain(`href="${group}"`);
    expect(message.html).toContain('Entre em nosso grupo de WhatsApp');
    for (const part of [message.html, message.text]) {
      expect(part).toContain('Olá, Ana Souza!');
      expect(part).toContain('Primeiro encontro:');
      expect(part).toContain('sábado, 07/03/2026, às 15h00');
      expect(part).toContain('Todo sábado, das 15h00 às 16h30');
      expect(part).toContain('Sala 3 – Rua da Esperança, 123');
    }
    expect(message.text).toContain(group);
    expect(message.attachments).toEqual([
      expect.objectContaining({
        filename: 'passe.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        encoding: 'utf-8',
      }),
    ]);
    expect(message.attachments[0]?.content).toContain('RRULE:FREQ=WEEKLY;COUNT=');
  });

  it('never sends a link that leads nowhere: with no invite yet, it says the link comes later', () => {
    const message = enrolmentConfirmation({
      centre,
      to: 'ana@example.org',
      personName: 'Ana',
      course: { ...course, inviteCode: null },
      programmeName: 'Global Kardec',
      courseUrl: 'https://www.centro.org.br/global-kardec/passe',
    });
    for (const part of [message.html, message.text]) {
      expect(part).not.toContain('chat.whatsapp.com');
      expect(part).not.toContain('Entre em nosso grupo de WhatsApp');
      expect(part).toContain('O link do grupo de WhatsApp da turma será enviado a você mais tarde');
    }
  });

  it('sends a six-digit code valid for 15 minutes, and refuses anything else as a code', () => {
    const [, message] = all();
    expect(message?.subject).toBe('Confirme seu e-mail');
    expect(message?.html).toContain('042917');
    expect(message?.text).toContain('042917');
    expect(message?.text).toContain('O código vale por 15 minutos.');
    expect(() => emailVerification({ centre, to: 'a@b.org', code: '12345' })).toThrow();
    expect(() => emailVerification({ centre, to: 'a@b.org', code: '<b>123' })).toThrow();
  });

  it('links to the password reset, valid for 30 minutes, and only over http(s)', () => {
    const [, , message] = all();
    expect(message?.html).toContain(
      'href="https://www.centro.org.br/idp/redefinir-senha?token=abc"',
    );
    expect(message?.text).toContain('O link vale por 30 minutos e pode ser usado uma só vez.');
    expect(() =>
      passwordReset({ centre, to: 'a@b.org', resetUrl: 'javascript:alert(1)' }),
    ).toThrow();
  });

  it('tells the owner of an address that someone tried to sign up with it', () => {
    const [, , , message] = all();
    expect(message?.subject).toBe('Tentativa de cadastro com o seu e-mail');
    expect(message?.text).toContain('Nenhuma conta nova foi criada.');
    // The code page the person may be looking at needs no code: the sign-in is the way in.
    expect(message?.text).toContain("não é preciso código: feche a página 'Confirme seu e-mail'");
    expect(message?.html).toContain('href="https://www.centro.org.br/?acessar"');
  });

  it('escapes every interpolated value', () => {
    const message = confirmation(HOSTILE);
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain(
      'Olá, &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#x27;Ana&#x27;!',
    );
    // The plain-text part keeps the text as it is.
    expect(message.text).toContain(`Olá, ${HOSTILE}!`);
    const reset = passwordReset({
      centre,
      to: 'a@b.org',
      personName: HOSTILE,
      resetUrl: 'https://x.org/r?a="><script>',
    });
    expect(reset.html).not.toMatch(/<script|<img/);
    expect(reset.html).toContain('href="https://x.org/r?a=%22%3E%3Cscript%3E"');
  });
});
