/** What a monitor may do, pure (decision 098): nothing of the centre, their class's lists. */
import { describe, expect, it } from 'vitest';
import { actingRole, coordinationOnly, may, monitorMay, monitorsClass } from './roles.js';

const mine = { classId: 'c1', slug: 'passe' };

describe('Monitor(a)', () => {
  it('may nothing across the centre, and in a class only its participants and attendance', () => {
    for (const permission of ['view', 'attendance', 'export', 'settings', 'roles'] as const) {
      expect(may(['monitor'], permission), permission).toBe(false);
    }
    expect(monitorMay('view')).toBe(true);
    expect(monitorMay('attendance')).toBe(true);
    for (const permission of ['export', 'move', 'message', 'remove', 'content'] as const) {
      expect(monitorMay(permission), permission).toBe(false);
    }
    // Secretaria's refusal still says 'Só a Coordenação' where only Coordenação may.
    expect(coordinationOnly('settings')).toBe(true);
    expect(coordinationOnly('attendance')).toBe(false);
  });

  it('holds the class asked for by its id and course, or the course’s current one', () => {
    expect(monitorsClass([mine], { slug: 'passe', turma: 'c1' }, null)).toBe(true);
    expect(monitorsClass([mine], { slug: 'passe', turma: undefined }, 'c1')).toBe(true);
    expect(monitorsClass([mine], { slug: 'passe', turma: undefined }, 'c2')).toBe(false);
    expect(monitorsClass([mine], { slug: 'passe', turma: 'c2' }, null)).toBe(false);
    expect(monitorsClass([mine], { slug: 'corrente', turma: 'c1' }, null)).toBe(false);
    expect(monitorsClass([], { slug: 'passe', turma: 'c1' }, null)).toBe(false);
  });

  it('acts as their widest role', () => {
    expect(actingRole(['monitor'])).toBe('monitor');
    expect(actingRole(['monitor', 'secretaria'])).toBe('secretaria');
  });
});
