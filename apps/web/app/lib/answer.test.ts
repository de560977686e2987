import { describe, expect, it } from 'vitest';
import { UnexpectedAnswerError } from './api-error';
import { checked, hasShape } from './answer';

describe('checking an answer', () => {
  const shape = { courses: 'array', state: ['open', 'closed'], count: 'number' } as const;

  it('gives back an answer holding every field with its kind', () => {
    const answer = { courses: [], state: 'open', count: 0, extra: true };
    expect(checked(answer, '/api/x', shape)).toBe(answer);
    expect(hasShape(answer, shape)).toBe(true);
  });

  it('names the call and the first field missing or of another kind', () => {
    expect(() => checked({ courses: {}, state: 'open', count: 1 }, '/api/x', shape)).toThrow(
      /^\/api\/x answered without courses$/,
    );
    expect(() => checked({ courses: [], state: 'gone', count: 1 }, '/api/x', shape)).toThrow(
      /without state$/,
    );
    expect(() => checked({ courses: [], state: 'open', count: null }, '/api/x', shape)).toThrow(
      UnexpectedAnswerError,
    );
    expect(() => checked(null, '/api/x', shape)).toThrow(/without courses$/);
    expect(hasShape([], shape)).toBe(false);
  });
});
