import { schedule } from '@centro/content';
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

describe('the schedule page’s structured data', () => {
  it('lists every activity as a weekly Event at the centre, with its day, time and time zone', () => {
    const scripts = getSchedulePage().meta.flatMap((m) =>
      'script:ld+json' in m ? [m['script:ld+json']] : [],
    );
    expect(scripts).toHaveLength(1);
    const graph = (scripts[0] as { '@graph': Record<string, unknown>[] })['@graph'];
    const count = schedule.reduce((n, day) => n + day.activities.length, 0);
    expect(graph).toHaveLength(count);
    const monday = schedule.find((d) => d.day === 'Segunda-feira')?.activities[0];
    const event = graph.find((e) => e.name === monday?.title);
    expect(event).toMatchObject({
      '@type': 'Event',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      isAccessibleForFree: true,
      eventSchedule: {
        '@type': 'Schedule',
        repeatFrequency: 'P1W',
        byDay: 'https://schema.org/Monday',
        scheduleTimezone: 'America/Sao_Paulo',
      },
      location: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'BR' } },
    });
    expect((event?.eventSchedule as { startTime: string }).startTime).toBe(
      monday?.time.replace('h', ':').padEnd(5, '0'),
    );
  });
});
