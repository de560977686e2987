/**
 * The files a secretary opens: phones without a stray apostrophe, the same in the CSV and the
 * .xlsx, real dates, a header filter and a frozen header, each person's situation with the class's
 * result and their attendance count, the waiting list (its own sheet and its own CSV) and the
 * attendance per meeting; formulas stay neutralised. Each file is read back (exceljs for the .xlsx).
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  exportPeople,
  exportPhone,
  participantsCsv,
  participantsXlsx,
  waitingCsv,
} from './exports.js';

const ana = {
  id: 'p-ana',
  name: 'Ana Souza',
  email: 'ana@example.org',
  celular: '+55 21 97777-2222',
  enrolledAt: '2026-03-02T02:30:00Z', // 01/03 in São Paulo
  status: 'confirmed' as const,
  atDesk: false,
  present: 1,
  concluded: null,
};
const evil = { ...ana, id: 'p-evil', name: '=HYPERLINK("x")', celular: '+1 555 0100', present: 0 };
/** The class as saved by Coordenação (its meetings in effect). */
const turma = {
  name: 'Turma 2026/2',
  meetings: {
    firstMeeting: '2026-11-28',
    weekday: 'saturday' as const,
    time: '19:00',
    durationMinutes: 120,
    count: 10,
    room: 'Salão Bezerra de Menezes',
  },
};
const CLASS_CELLS = 'Turma 2026/2;28/11/2026;sábado;19h00;120;10;Salão Bezerra de Menezes';
const bia = {
  id: 'p-bia',
  position: 1,
  name: 'Bia Lima',
  email: 'bia@example.org',
  celular: '+55 11 91234-5678',
  joinedAt: '2026-03-05T15:00:00Z',
  atDesk: false,
};

describe('CSV export', () => {
  it('writes a +55 phone in the national form, no apostrophe, and still neutralises formulas', () => {
    expect(exportPhone('+55 21 97777-2222')).toBe('(21) 97777-2222');
    expect(exportPhone('+5511987654321')).toBe('(11) 98765-4321');
    const lines = participantsCsv([ana, evil], turma)
      .toString('utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nome;E-mail;Celular;Data de inscrição;Situação;Presenças;Turma;Primeiro encontro;Dia;Horário;Duração (min);Encontros;Local',
    );
    expect(lines[1]).toBe(
      `Ana Souza;ana@example.org;(21) 97777-2222;01/03/2026;Confirmada;1;${CLASS_CELLS}`,
    );
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""x""\)";ana@example\.org;'\+1 555 0100;/);
  });
});

describe("a class's truth in the files", () => {
  it("says 'Concluído' or 'Não concluído' once the class concluded, with the meetings attended", () => {
    const attendance = {
      dates: ['2026-03-10', '2026-03-17', '2026-03-24'],
      marks: new Map([
        [
          'p-ana',
          new Map([
            [1, true],
            [2, true],
            [3, false],
          ]),
        ],
        ['p-evil', new Map([[1, false]])],
      ]),
      guests: [],
    };
    const people = exportPeople(
      [ana, evil, { ...ana, id: 'p-new', name: 'Nova' }],
      attendance,
      new Map([
        ['p-ana', true],
        ['p-evil', false],
      ]),
    );
    const lines = participantsCsv(people, turma).toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[1]).toMatch(/;Concluído;2;Turma /);
    expect(lines[2]).toMatch(/;Não concluído;0;Turma /);
    expect(lines[3]).toMatch(/;Confirmada;0;Turma /);
  });

  it('writes the waiting list as its own CSV, in its order, phones as in the .xlsx', () => {
    const lines = waitingCsv([bia, { ...bia, id: 'p-caio', position: 2, name: 'Caio' }])
      .toString('utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Posição;Nome;E-mail;Celular;Entrou na lista em',
      '1;Bia Lima;bia@example.org;(11) 91234-5678;05/03/2026',
      '2;Caio;bia@example.org;(11) 91234-5678;05/03/2026',
    ]);
  });
});

describe('.xlsx export', () => {
  it('has text phones, date cells, filter and frozen header, the waiting list and attendance', async () => {
    const file = await participantsXlsx('Curso: Básico', turma, [ana, evil], [bia], {
      dates: ['2026-03-10', '2026-03-17'],
      marks: new Map([['p-ana', new Map([[1, true]])]]),
      guests: [{ meeting: 2, name: 'Joana Visitante' }],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Curso  Básico',
      'Lista de espera',
      'Presença',
      'Visitantes',
    ]);
    const [people, waiting, presence, guests] = workbook.worksheets;
    for (const sheet of [people, waiting, presence]) {
      expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet?.autoFilter).toBeTruthy();
    }
    const row = people?.getRow(2);
    // The same phone as the CSV's.
    expect(row?.getCell(3).value).toBe('(21) 97777-2222');
    expect(row?.getCell(5).value).toBe('Confirmada');
    expect(row?.getCell(6).value).toBe(1);
    expect(row?.getCell(4).value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(row?.getCell(4).numFmt).toBe('dd/mm/yyyy');
    // The class's meetings, as in the CSV: its first meeting a date cell.
    expect((row?.values as unknown[]).slice(7)).toEqual([
      'Turma 2026/2',
      new Date('2026-11-28T00:00:00Z'),
      'sábado',
      '19h00',
      120,
      10,
      'Salão Bezerra de Menezes',
    ]);
    expect(row?.getCell(8).numFmt).toBe('dd/mm/yyyy');
    expect(people?.getRow(3).getCell(1).value).toBe('=HYPERLINK("x")');
    expect(people?.getRow(3).getCell(1).formula).toBeUndefined();
    expect(waiting?.getRow(2).values).toEqual([
      undefined,
      1,
      'Bia Lima',
      'bia@example.org',
      '(11) 91234-5678',
      new Date('2026-03-05T00:00:00Z'),
    ]);
    expect(presence?.getRow(1).values).toEqual([undefined, 'Nome', '1º 10/03', '2º 17/03']);
    expect(presence?.getRow(2).values).toEqual([undefined, 'Ana Souza', 'Presente', '']);
    // A guest is listed apart, never among the marks.
    expect(presence?.rowCount).toBe(3);
    expect(guests?.getRow(2).values).toEqual([undefined, '2º 17/03', 'Joana Visitante']);
  });
});
