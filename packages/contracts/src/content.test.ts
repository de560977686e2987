import { schedule } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { isAllowedLink, scheduleDocumentSchema, staffScheduleSaveSchema } from './content.js';

describe('isAllowedLink', () => {
  it.each([
    'https://wa.me/5511900000000?text=Ol%C3%A1',
    'mailto:contato@exemplo.org.br',
    'tel:+5511900000000',
    '/contato',
    '/global-kardec/passe#inscricao',
  ])('allows %s', (link) => expect(isAllowedLink(link)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'http://exemplo.org',
    'data:text/html,<b>x</b>',
    '//evil.example/x',
    '/\\evil.example',
    'contato',
    'https://',
    '/a b',
    '',
  ])('refuses %s', (link) => expect(isAllowedLink(link)).toBe(false));
});

describe('scheduleDocumentSchema', () => {
  it('accepts the packaged schedule as it is', () => {
    expect(scheduleDocumentSchema.parse(schedule)).toEqual(schedule);
  });

  it('trims texts and refuses unknown fields', () => {
    const [first] = schedule;
    const parsed = scheduleDocumentSchema.parse([
      { ...first, activities: [{ time: ' 20h ', title: '  Reunião  ' }] },
    ]);
    expect(parsed[0]?.activities[0]).toEqual({ time: '20h', title: 'Reunião' });
    expect(
      staffScheduleSaveSchema.safeParse({ revision: 0, schedule, published: true }).success,
    ).toBe(false);
  });
});
