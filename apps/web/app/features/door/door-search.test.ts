/** 'Buscar pelo nome' at the door. */
import { describe, expect, it } from 'vitest';
import { doorOutcome, findByName } from './door-search';

const people = [
  { personId: 'u1', name: 'Ana Souza' },
  { personId: 'u2', name: 'José Ávila' },
  { personId: 'u3', name: 'Joana Dias' },
];

describe('the search by name at the door', () => {
  it('finds by any part of the name, accents and case aside, every word typed', () => {
    expect(findByName(people, 'jose av').map((p) => p.personId)).toEqual(['u2']);
    expect(findByName(people, 'JO').map((p) => p.personId)).toEqual(['u2', 'u3']);
    expect(findByName(people, '  ')).toEqual([]);
    expect(findByName(people, 'Carlos')).toEqual([]);
  });

  it('says presente for a first tap and já marcado for someone already present', () => {
    expect(doorOutcome(false)).toBe('presente');
    expect(doorOutcome(true)).toBe('já marcado');
  });
});
