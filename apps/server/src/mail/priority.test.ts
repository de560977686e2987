import { describe, expect, it } from 'vitest';
import { mailPriority, supersededPlaceMessages } from './priority.js';

const at = (second: number) => `2026-11-28T10:00:${String(second).padStart(2, '0')}.000Z`;
const message = (id: string, kind: string, second: number) => ({ id, kind, createdAt: at(second) });

describe('which messages leave first', () => {
  it('sends codes and links, then confirmations, then notices and class messages', () => {
    expect(mailPriority('email-verification')).toBe(0);
    expect(mailPriority('password-reset')).toBe(0);
    expect(mailPriority('enrolment-confirmation')).toBe(1);
    expect(mailPriority('enrolment-cancelled')).toBe(2);
    expect(mailPriority('class-message')).toBe(2);
  });
});

describe('unsent messages a later one makes pointless', () => {
  it('sends neither an unsent confirmation nor the cancellation that follows it', () => {
    expect(
      supersededPlaceMessages([
        message('c', 'enrolment-cancelled', 2),
        message('a', 'enrolment-confirmation', 1),
      ]).sort(),
    ).toEqual(['a', 'c']);
  });

  it('keeps only the last of many cycles, and nothing of cycles that end cancelled', () => {
    const cycles = Array.from({ length: 5 }, (_, i) => [
      message(`e${i}`, 'enrolment-confirmation', 2 * i),
      message(`x${i}`, 'enrolment-cancelled', 2 * i + 1),
    ]).flat();
    expect(supersededPlaceMessages(cycles)).toHaveLength(10);
    expect(
      supersededPlaceMessages([...cycles, message('last', 'enrolment-confirmation', 30)]),
    ).toHaveLength(10);
  });

  it('still tells a cancellation when the person last heard they had a place', () => {
    // Their confirmation left earlier; a cancellation, a new place and its cancellation wait.
    expect(
      supersededPlaceMessages([
        message('x1', 'enrolment-cancelled', 1),
        message('e2', 'enrolment-confirmation', 2),
        message('x2', 'enrolment-cancelled', 3),
      ]),
    ).toEqual(['x1', 'e2']);
    // A promotion from a waiting list they were told of, then a cancellation.
    expect(
      supersededPlaceMessages([
        message('p', 'waiting-list-promotion', 1),
        message('x', 'enrolment-cancelled', 2),
      ]),
    ).toEqual(['p']);
  });

  it('leaves a single message alone', () => {
    expect(supersededPlaceMessages([message('x', 'enrolment-cancelled', 1)])).toEqual([]);
  });
});
