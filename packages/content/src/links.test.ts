import { describe, expect, it } from 'vitest';
import { content } from './content.js';
import {
  formatPhoneForDisplay,
  scheduleQuestionLink,
  scheduleQuestionMessage,
  textSlug,
  whatsappGroupLink,
  whatsappLink,
} from './links.js';

/** items[index], failing the test when it is missing. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at index ${index}`);
  return item;
}

describe('whatsappLink', () => {
  it('links to the number', () => {
    expect(whatsappLink('5511900000000')).toBe('https://wa.me/5511900000000');
  });

  it('prefills an encoded message', () => {
    const link = whatsappLink('5511900000000', 'Olá! Dúvida sobre a Reunião Pública & horários?');
    expect(link).toBe(
      'https://wa.me/5511900000000?text=Ol%C3%A1!%20D%C3%BAvida%20sobre%20a%20Reuni%C3%A3o%20P%C3%BAblica%20%26%20hor%C3%A1rios%3F',
    );
    expect(new URL(link).searchParams.get('text')).toBe(
      'Olá! Dúvida sobre a Reunião Pública & horários?',
    );
  });

  it('links to a group invite', () => {
    expect(whatsappGroupLink('AbC123')).toBe('https://chat.whatsapp.com/AbC123');
  });
});

describe('formatPhoneForDisplay', () => {
  it('formats mobile and landline numbers, with or without the country code', () => {
    expect(formatPhoneForDisplay('5511987654321')).toBe('(11) 98765-4321');
    expect(formatPhoneForDisplay('551133334444')).toBe('(11) 3333-4444');
    expect(formatPhoneForDisplay('21987654321')).toBe('(21) 98765-4321');
  });

  it('formats the centre number', () => {
    expect(formatPhoneForDisplay(content.centre.whatsapp)).toMatch(/^\(\d{2}\) \d{4,5}-\d{4}$/);
  });
});

describe('schedule questions', () => {
  it('names the activity of the day', () => {
    const monday = at(content.schedule, 1);
    expect(scheduleQuestionMessage(monday)).toBe(
      'Olá! Gostaria de tirar uma dúvida sobre a atividade de segunda-feira: Triagem Fraterna.',
    );
    const saturday = at(content.schedule, 4);
    expect(scheduleQuestionMessage(saturday)).toMatch(
      /^Olá! Gostaria de tirar uma dúvida sobre as atividades de sábado: .*Tratamento Infantojuvenil/,
    );
  });

  it('builds a wa.me link for every day', () => {
    for (const day of content.schedule) {
      const link = new URL(scheduleQuestionLink(content.centre.whatsapp, day));
      expect(link.origin + link.pathname).toBe(`https://wa.me/${content.centre.whatsapp}`);
      expect(link.searchParams.get('text')).toContain(day.whatsappTopic);
    }
  });
});

describe('text slugs', () => {
  it('keeps lower case ASCII words joined by a hyphen', () => {
    expect(textSlug('Turma 2027/1')).toBe('turma-2027-1');
    expect(textSlug('  Evangelho à Luz — Sábado!  ')).toBe('evangelho-a-luz-sabado');
    expect(textSlug('/// ')).toBe('');
  });
});
