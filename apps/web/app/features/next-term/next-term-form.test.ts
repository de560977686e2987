import type { StaffTermProposalResponse } from '@centro/contracts';
import { describe, expect, it } from 'vitest';
import {
  meetingsText,
  preparedText,
  rowFieldOfServer,
  termRequestOf,
  termRowsOf,
} from './next-term-form';

const proposal: StaffTermProposalResponse = {
  term: '2027/2',
  key: '8f0e3c9a-8c7e-4b8e-9d6f-0a1b2c3d4e5f',
  courses: [
    {
      slug: 'a',
      title: 'Curso A',
      status: 'proposed',
      existing: null,
      proposal: {
        name: 'Turma 2027/2',
        places: 30,
        firstMeeting: '2027-09-04',
        meetings: ['2027-09-04', '2027-09-11'],
        time: '17:30',
        room: 'Sala 1',
        opensAt: '2027-08-28T09:00',
        closesAt: null,
      },
    },
    {
      slug: 'b',
      title: 'Curso B',
      status: 'prepared',
      proposal: null,
      existing: { id: 'k', name: 'Turma 2027/2', firstMeeting: '2027-09-04' },
    },
  ],
};

describe('the next term table', () => {
  it('has a row per proposed course and asks for the included ones, empty texts as null', () => {
    const rows = termRowsOf(proposal);
    expect(rows.map((r) => r.slug)).toEqual(['a']);
    const asked = termRequestOf(proposal.key, proposal.term, [
      { ...(rows[0] as (typeof rows)[0]), room: ' ', places: '12', opensAt: '' },
    ]);
    expect(asked).toEqual({
      ok: true,
      slugs: ['a'],
      request: {
        key: proposal.key,
        term: '2027/2',
        classes: [
          {
            slug: 'a',
            firstMeeting: '2027-09-04',
            time: '17:30',
            room: null,
            places: 12,
            opensAt: null,
          },
        ],
      },
    });
  });

  it('refuses a row beside its field, naming the course, and nothing at all', () => {
    const [row] = termRowsOf(proposal) as [ReturnType<typeof termRowsOf>[number]];
    expect(termRequestOf('k', '2027/2', [{ ...row, places: '0' }])).toEqual({
      ok: false,
      field: 'a.places',
      message: 'Curso A: vagas: use um número inteiro, pelo menos 1.',
    });
    expect(termRequestOf('k', '2027/2', [{ ...row, include: false }])).toMatchObject({
      ok: false,
      field: null,
    });
  });

  it('puts the server’s refusal of a row beside that course’s field', () => {
    expect(rowFieldOfServer('classes.1.opensAt', ['a', 'c'])).toBe('c.opensAt');
    expect(rowFieldOfServer('classes.5.opensAt', ['a'])).toBeNull();
    expect(rowFieldOfServer('key', ['a'])).toBeNull();
  });

  it('says the meetings, and what was created', () => {
    const [row] = termRowsOf(proposal) as [ReturnType<typeof termRowsOf>[number]];
    expect(meetingsText(row)).toEqual({ count: '2 encontros', until: 'até 11/09/2027' });
    expect(meetingsText({ ...row, firstMeeting: '2027-09-11' })).toEqual({
      count: '2 encontros',
      until: null,
    });
    expect(preparedText('2027/2', 18, 2)).toBe(
      '18 turmas criadas para 2027/2. 2 cursos já estavam preparados e ficaram como estavam.',
    );
    expect(preparedText('2027/2', 0, 1)).toBe(
      'Nenhuma turma criada para 2027/2. 1 curso já estava preparado e ficou como estava.',
    );
  });
});
