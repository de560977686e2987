import { describe, expect, it } from 'vitest';
import { missingCourses, prerequisiteListProblem, requiredCourses } from './prerequisite-rules.js';

describe('requiredCourses', () => {
  it("is the content's default until Coordenação sets a list, even an empty one", () => {
    expect(requiredCourses(['a-i'], null)).toEqual(['a-i']);
    expect(requiredCourses(undefined, null)).toEqual([]);
    expect(requiredCourses(['a-i'], '[]')).toEqual([]);
    expect(requiredCourses(undefined, '["passe","corrente"]')).toEqual(['passe', 'corrente']);
  });
});

describe('missingCourses', () => {
  it('lists the required courses not concluded, in order, and none with an exception', () => {
    const required = ['passe', 'corrente', 'vibracao'];
    expect(missingCourses(required, new Set(['corrente']), false)).toEqual(['passe', 'vibracao']);
    expect(missingCourses(required, new Set(required), false)).toEqual([]);
    expect(missingCourses(required, new Set(), true)).toEqual([]);
  });
});

describe('prerequisiteListProblem', () => {
  const known = new Set(['a-i', 'a-ii', 'b']);
  it('refuses the course itself, an unknown course and a course twice, in Portuguese', () => {
    expect(prerequisiteListProblem('a-ii', ['a-i', 'b'], known)).toBeNull();
    expect(prerequisiteListProblem('a-ii', [], known)).toBeNull();
    expect(prerequisiteListProblem('a-ii', ['a-ii'], known)).toBe(
      'Um curso não pode ser pré-requisito de si mesmo.',
    );
    expect(prerequisiteListProblem('a-ii', ['c'], known)).toBe('Curso desconhecido na lista.');
    expect(prerequisiteListProblem('a-ii', ['b', 'b'], known)).toBe(
      'Um curso aparece duas vezes na lista.',
    );
  });
});
