import { describe, expect, it } from 'vitest';
import { getSchedulePage } from './data.server';

/** The prefilled message of a day's 'Tirar Dúvidas' link. */
function questionOf(day: string): string | null {
  const found = getSchedulePage().page.days.find((d) => d.day === day);
  if (!found) throw new Error(`No schedule day ${day}`);
  return new URL(found.questionHref).searchParams.get('text');
}

describe('the schedule page’s questions', () => {
  it('name the day and its activity', () => {
    expect(questionOf('Segunda-feira')).toBe(
      'Olá! Gostaria de tirar uma dúvida sobre a atividade de segunda-feira: Triagem Fraterna.',
    );
  });

  it('speak of activities when the day has several', () => {
    expect(questionOf('Sábado')).toMatch(
      /^Olá! Gostaria de tirar uma dúvida sobre as atividades de sábado: .+\.$/,
    );
  });
});
