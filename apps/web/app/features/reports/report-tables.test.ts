import type { StaffReports } from '@centro/contracts';
import { describe, expect, it } from 'vitest';
import {
  attendanceTable,
  completionTable,
  csvOf,
  openingTable,
  placesTable,
  waitingTable,
} from './report-tables';

const passe = {
  id: 'c1',
  courseSlug: 'passe',
  courseTitle: 'Passe',
  programme: 'Global Kardec',
  name: 'Turma 2027/1',
  state: 'open' as const,
  places: 40,
  taken: 30,
  waiting: 2,
  opensAt: '2027-02-01T12:00:00.000Z',
};

const reports: StaffReports = {
  year: 2027,
  years: [2027],
  classes: [passe],
  openings: [
    {
      classId: 'c1',
      opensAt: passe.opensAt,
      perHour: [20, 5, ...Array.from({ length: 22 }, () => 0)],
      later: 5,
    },
  ],
  attendance: [
    { classId: 'c1', meetings: [{ meeting: 1, date: '2027-03-06', present: 27, absent: 3 }] },
  ],
  completion: {
    byClass: [{ key: 'c1', label: 'Passe · Turma 2027/1', completed: 24, notCompleted: 6 }],
    byCourse: [{ key: 'passe', label: 'Passe', completed: 24, notCompleted: 6 }],
    byYear: [{ key: '2027', label: '2027', completed: 24, notCompleted: 6 }],
  },
  waiting: [{ classId: 'c1', days: [{ date: '2027-02-01', length: 4 }] }],
};

describe("the reports' tables", () => {
  it('say each figure with its unit, dates as people write them', () => {
    expect(placesTable(reports).rows).toEqual([
      ['Passe · Turma 2027/1', 'Global Kardec', 40, 30, '75 %', 2],
    ]);
    const opening = openingTable(reports, passe);
    expect(opening?.rows[0]).toEqual(['1ª hora', 20]);
    expect(opening?.rows.at(-1)).toEqual(['Depois de 24 horas', 5]);
    expect(attendanceTable(reports, passe)?.rows).toEqual([['1º', '06/03/2027', 27, 3, '90 %']]);
    expect(completionTable(reports, 'byCourse')).toMatchObject({
      title: 'Conclusão por curso',
      columns: ['Curso', 'Concluíram', 'Não concluíram', 'Taxa de conclusão'],
      rows: [['Passe', 24, 6, '80 %']],
    });
    expect(waitingTable(reports, passe)?.rows).toEqual([['01/02/2027', 4]]);
  });

  it('have none for a class without those figures', () => {
    const other = { ...passe, id: 'c2', opensAt: null };
    expect(openingTable(reports, other)).toBeNull();
    expect(attendanceTable(reports, other)).toBeNull();
    expect(waitingTable(reports, other)).toBeNull();
  });

  it('download as the staff’s CSV files: BOM, semicolons, CRLF, quoted when needed', () => {
    const csv = csvOf({
      title: 't',
      fileName: 'f',
      columns: ['Turma', 'Inscritos'],
      rows: [
        ['Passe; "I"', 3],
        ['Nosso Lar', 0],
      ],
    });
    expect(csv).toBe('\uFEFFTurma;Inscritos\r\n"Passe; ""I""";3\r\nNosso Lar;0\r\n');
  });
});
