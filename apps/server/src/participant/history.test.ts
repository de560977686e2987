import { describe, expect, it } from 'vitest';
import type { PersonRows } from '../enrolment/person-rows.js';
import { personHistory } from './history.js';

const place = (classId: string, active: boolean, at: string) => ({
  courseSlug: 'curso',
  classId,
  status: 'confirmed' as const,
  createdAt: at,
  updatedAt: at,
  promotedAt: null,
  active,
  checkInToken: `TOKEN-${classId}`,
});

describe("the person's history of classes", () => {
  it('lists the current place and list first, then past classes newest first', () => {
    const rows: PersonRows = {
      enrolments: [
        place('2026-1', false, '2026-02-01T10:00:00.000Z'),
        place('2027-1', true, '2027-02-01T10:00:00.000Z'),
      ],
      waiting: [
        {
          courseSlug: 'outro',
          classId: 'outro-2027-1',
          position: 2,
          joinedAt: '2027-02-02T10:00:00.000Z',
          active: true,
        },
        // Waited for a class that was concluded: never took part.
        {
          courseSlug: 'terceiro',
          classId: 'terceiro-2026-1',
          position: 1,
          joinedAt: '2026-02-02T10:00:00.000Z',
          active: false,
        },
      ],
    };
    const history = personHistory(
      rows,
      [
        {
          courseSlug: 'curso',
          classId: '2026-1',
          concluded: true,
          concludedAt: '2026-07-01T10:00:00.000Z',
        },
        // The class's rows were anonymised by the retention: the completion stays.
        {
          courseSlug: 'curso',
          classId: '2025-1',
          concluded: false,
          concludedAt: '2025-07-01T10:00:00.000Z',
        },
      ],
      [
        { courseSlug: 'quarto', classId: 'quarto-2026-2', cancelledAt: '2026-09-01T10:00:00.000Z' },
        // Cancelled, then enrolled again in the same class: the place is what counts.
        { courseSlug: 'curso', classId: '2027-1', cancelledAt: '2027-01-20T10:00:00.000Z' },
      ],
    );
    expect(history.map((h) => [h.classId, h.state, h.position])).toEqual([
      ['2027-1', 'enrolled', null],
      ['outro-2027-1', 'waiting', 2],
      ['quarto-2026-2', 'cancelled', null],
      ['2026-1', 'concluded', null],
      ['2025-1', 'not-concluded', null],
    ]);
  });
});
