import { coursePath, getProgramme } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { classHint, classHints, withClassHint } from './class-hint.js';

const now = '2027-03-01T12:00:00.000Z';
const open = {
  state: 'open' as const,
  enrolment_opens_at: null,
  enrolment_closes_at: null,
  places: 2,
  taken: 0,
};
const planned = { ...open, state: 'planned' as const };
const closed = { ...open, enrolment_closes_at: '2027-02-01T00:00:00.000Z' };

describe('the course page class hint (decision 070)', () => {
  it('says the box the classes give: none open, one, or the choice of a class', () => {
    expect(classHint([], now)).toBe('0');
    expect(classHint([planned, closed], now)).toBe('0');
    expect(classHint([open, planned], now)).toBe('1');
    // One class listed, even not open, is the specification's box.
    expect(classHint([planned], now)).toBe('1');
    expect(classHint([open, open, planned], now)).toBe('2');
  });

  it('says none of a full class whose next class is announced: the box says when it opens', () => {
    const full = { ...open, taken: 2 };
    const next = { ...planned, enrolment_opens_at: '2027-06-01T12:00:00.000Z' };
    expect(classHint([full, next], now)).toBe('0');
    expect(classHint([full, planned], now)).toBe('1');
    expect(classHint([open, next], now)).toBe('1');
  });

  it('gives every course page its hint, a course without classes none', () => {
    const [first, second] = getProgramme('global-kardec').courses;
    if (!first || !second) throw new Error('two courses expected');
    const hints = classHints(
      [
        { ...open, course_slug: first.slug },
        { ...open, course_slug: first.slug },
      ],
      now,
    );
    expect(hints.get(coursePath(first))).toBe('2');
    expect(hints.get(coursePath(second))).toBe('0');
  });

  it('puts it on <html>, once, and leaves a page without a hint as it was', () => {
    const page = '<!DOCTYPE html><html lang="pt-BR"><head></head><body></body></html>';
    const hinted = withClassHint(page, '0');
    expect(hinted).toContain('<html lang="pt-BR" data-turmas="0">');
    expect(withClassHint(hinted, '2')).toBe(hinted);
    expect(withClassHint(page, undefined)).toBe(page);
  });
});
