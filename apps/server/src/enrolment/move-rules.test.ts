import { describe, expect, it } from 'vitest';
import { decideMove, type MoveTarget } from './move-rules.js';

const from = { id: 'a', courseSlug: 'c', status: 'confirmed' as const };
const to: MoveTarget = { id: 'b', courseSlug: 'c', state: 'open', places: 2, taken: 1 };

describe('moving a place between classes', () => {
  it('moves a confirmed person into an open or planned class with a free place', () => {
    expect(decideMove(from, to)).toBe('move');
    expect(decideMove(from, { ...to, state: 'planned' })).toBe('move');
  });

  it('refuses a full target, a running or concluded one, and another course', () => {
    expect(decideMove(from, { ...to, taken: 2 })).toBe('target-full');
    expect(decideMove(from, { ...to, state: 'running' })).toBe('target-closed');
    expect(decideMove(from, { ...to, state: 'concluded' })).toBe('target-closed');
    expect(decideMove(from, { ...to, courseSlug: 'd' })).toBe('other-course');
    expect(decideMove(from, { ...to, id: 'a' })).toBe('same-class');
  });

  it('moves only a confirmed place', () => {
    expect(decideMove({ ...from, status: 'pending' }, to)).toBe('not-enrolled');
    expect(decideMove({ ...from, status: null }, to)).toBe('not-enrolled');
  });
});
