import { describe, expect, it } from 'vitest';
import { classOption, roleLines } from './role-grants';

const passe = { id: 'c1', slug: 'passe', title: 'Passe', name: 'Turma 2027/1' };

describe('the roles screen’s lines', () => {
  it('lists the centre’s roles, then one line per class monitored, each taken back alone', () => {
    const lines = roleLines({
      id: 'p1',
      name: 'Bia',
      email: 'bia@example.org',
      roles: ['monitor', 'secretaria'],
      admin: false,
      monitors: [passe, { ...passe, id: 'c2', name: 'Turma 2027/2' }],
    });
    expect(lines.map((l) => l.label)).toEqual([
      'Secretaria',
      'Monitor(a) de Passe (Turma 2027/1)',
      'Monitor(a) de Passe (Turma 2027/2)',
    ]);
    expect(lines[2]?.revoke).toEqual({ personId: 'p1', role: 'monitor', classId: 'c2' });
    expect(lines[0]?.revoke).toEqual({ personId: 'p1', role: 'secretaria' });
  });

  it('keeps Coordenação from ADMIN_EMAILS fixed', () => {
    const [line] = roleLines({
      id: 'p1',
      name: '',
      email: 'a@example.org',
      roles: ['coordenacao'],
      admin: true,
      monitors: [],
    });
    expect(line?.fixed).toBe(true);
  });

  it('names a class by its course, then its name', () => {
    expect(classOption(passe)).toBe('Passe — Turma 2027/1');
  });
});
