/**
 * A class's participants as files for the centre's volunteers: CSV for Excel in Brazil (`;`,
 * UTF-8 with a BOM so accents survive, CRLF, no `sep=` line, dates DD/MM/AAAA) and .xlsx (exceljs,
 * generated here on the server) with three sheets: the participants, the waiting list and the
 * attendance per meeting; each with a header filter and a frozen header row, dates as real dates.
 * The waiting list has its own CSV too. Each participant's situation says the class's result once
 * it concluded ('Concluído' / 'Não concluído'), beside the meetings they attended. Only the
 * columns staff need, and on each participant's row the class's meetings as the class has them
 * (decision 075: the same first meeting, weekday, time, length, count and room as the course page
 * and the e-mails). In the CSV a cell that a spreadsheet would run as a formula (=, +, -, @
 * first) is written as text; a Brazilian phone is written in the national form in both files,
 * which no spreadsheet reads as a formula (decision 053) and reads the same in either (decision
 * 078). The .xlsx holds text cells, which are never formulas, so it needs no prefix.
 */
import {
  formatDate,
  formatTime,
  MEETING_TIME_ZONE,
  textSlug,
  type Weekday,
  weekdayNames,
} from '@centro/content';
import type { StaffParticipant, StaffWaitingPerson } from '@centro/contracts';
import ExcelJS from 'exceljs';

export const EXPORT_COLUMNS = [
  'Nome',
  'E-mail',
  'Celular',
  'Data de inscrição',
  'Situação',
  'Presenças',
];
/** The class's meetings, on each participant's row of both files. */
export const CLASS_COLUMNS = [
  'Turma',
  'Primeiro encontro',
  'Dia',
  'Horário',
  'Duração (min)',
  'Encontros',
  'Local',
];
export const WAITING_COLUMNS = ['Posição', 'Nome', 'E-mail', 'Celular', 'Entrou na lista em'];

/** The attendance of the course: each meeting's date and, per person, the marks by meeting. */
export interface AttendanceSheet {
  /** YYYY-MM-DD of meeting 1, 2, … */
  dates: readonly string[];
  /** Person id → meeting number → present (no entry: not marked). */
  marks: ReadonlyMap<string, ReadonlyMap<number, boolean>>;
  /** Who came without a place, by meeting: apart from the marks (decision 096). */
  guests: readonly { meeting: number; name: string }[];
}

const zoned = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: MEETING_TIME_ZONE, ...options });
const dayMonthYear = zoned({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** DD/MM/AAAA of a UTC instant, in São Paulo. */
export function brazilianDate(instant: string): string {
  return dayMonthYear.format(new Date(instant));
}

/** The São Paulo calendar day of an instant, as a date cell (midnight UTC: no time-zone drift). */
function dateCell(instant: string): Date {
  const [day, month, year] = brazilianDate(instant).split('/');
  return new Date(`${year}-${month}-${day}T00:00:00Z`);
}

/** DD/MM of a YYYY-MM-DD day. */
export const dayMonth = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}`;

/** A class as the files name it: its name and its meetings in effect (`effectiveMeetings`). */
export interface ExportClass {
  name: string;
  meetings: {
    firstMeeting: string;
    weekday: Weekday;
    time: string;
    durationMinutes: number;
    count: number;
    room: string | null;
  };
}

/** The class's cells, its first meeting as `day` writes a YYYY-MM-DD date. */
function classCells<D>(turma: ExportClass, day: (isoDate: string) => D) {
  const m = turma.meetings;
  return [
    turma.name,
    day(m.firstMeeting),
    weekdayNames[m.weekday],
    formatTime(m.time),
    m.durationMinutes,
    m.count,
    m.room ?? '',
  ] as const;
}

const STATUS: Record<StaffParticipant['status'], string> = {
  confirmed: 'Confirmada',
  pending: 'Em andamento',
};

/** A participant as the files list them: the list's data and what the class made of it. */
export interface ExportPerson extends StaffParticipant {
  /** Meetings marked present. */
  present: number;
  /** The class's result once concluded; null while it is not (or no result was kept). */
  concluded: boolean | null;
}

/** The person's situation: the class's result once concluded, else their enrolment's state. */
export function exportSituation(person: Pick<ExportPerson, 'status' | 'concluded'>): string {
  if (person.concluded !== null) return person.concluded ? 'Concluído' : 'Não concluído';
  return STATUS[person.status];
}

/** Each participant with their count of meetings attended and the class's result. */
export function exportPeople(
  participants: readonly StaffParticipant[],
  attendance: AttendanceSheet,
  completions: ReadonlyMap<string, boolean>,
): ExportPerson[] {
  return participants.map((p) => ({
    ...p,
    present: [...(attendance.marks.get(p.id)?.values() ?? [])].filter(Boolean).length,
    concluded: completions.get(p.id) ?? null,
  }));
}

/** Neutralises formula injection: a leading =, +, -, @, tab or CR makes the cell text. */
const safeText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A phone for both files: +55 numbers in the national form `(21) 97777-2222` (what a secretary
 * dials, and no formula); any other value as it is (the CSV neutralises it with safeText).
 */
export function exportPhone(phone: string): string {
  const br = /^\+55[\s.]*\(?(\d{2})\)?[\s.-]*(\d{4,5})[\s.-]*(\d{4})$/.exec(phone.trim());
  return br ? `(${br[1]}) ${br[2]}-${br[3]}` : phone;
}

function csvCell(value: string): string {
  const text = safeText(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvFile(rows: readonly (readonly string[])[]): Buffer {
  const lines = rows.map((cells) => cells.map(csvCell).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export function participantsCsv(participants: readonly ExportPerson[], turma: ExportClass): Buffer {
  const meetings = classCells(turma, formatDate).map(String);
  return csvFile([
    [...EXPORT_COLUMNS, ...CLASS_COLUMNS],
    ...participants.map((p) => [
      p.name,
      p.email,
      exportPhone(p.celular),
      brazilianDate(p.enrolledAt),
      exportSituation(p),
      String(p.present),
      ...meetings,
    ]),
  ]);
}

/** The class's waiting list in its order, as its own CSV. */
export function waitingCsv(waiting: readonly StaffWaitingPerson[]): Buffer {
  return csvFile([
    WAITING_COLUMNS,
    ...waiting.map((w) => [
      String(w.position),
      w.name,
      w.email,
      exportPhone(w.celular),
      brazilianDate(w.joinedAt),
    ]),
  ]);
}

type Cell = string | number | Date;

function addSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  headers: readonly string[],
  widths: readonly number[],
  rows: readonly Cell[][],
) {
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = headers.map((header, i) => ({
    header,
    key: String(i),
    width: widths[i] ?? 12,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of rows) {
    const row = sheet.addRow(cells);
    cells.forEach((cell, i) => {
      if (cell instanceof Date) row.getCell(i + 1).numFmt = 'dd/mm/yyyy';
    });
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  return sheet;
}

const MARK = (present: boolean | undefined) =>
  present === undefined ? '' : present ? 'Presente' : 'Falta';

export async function participantsXlsx(
  title: string,
  turma: ExportClass,
  participants: readonly ExportPerson[],
  waiting: readonly StaffWaitingPerson[],
  attendance: AttendanceSheet,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Centro Espírita';
  const meetings = classCells(turma, (d) => new Date(`${d}T00:00:00Z`));
  addSheet(
    workbook,
    title,
    [...EXPORT_COLUMNS, ...CLASS_COLUMNS],
    [32, 32, 18, 18, 16, 12, 16, 18, 14, 10, 14, 10, 24],
    participants.map((p) => [
      p.name,
      p.email,
      exportPhone(p.celular),
      dateCell(p.enrolledAt),
      exportSituation(p),
      p.present,
      ...meetings,
    ]),
  );
  addSheet(
    workbook,
    'Lista de espera',
    WAITING_COLUMNS,
    [10, 32, 32, 18, 18],
    waiting.map((w) => [w.position, w.name, w.email, exportPhone(w.celular), dateCell(w.joinedAt)]),
  );
  addSheet(
    workbook,
    'Presença',
    ['Nome', ...attendance.dates.map((d, i) => `${i + 1}º ${dayMonth(d)}`)],
    [32],
    participants.map((p) => [
      p.name,
      ...attendance.dates.map((_, i) => MARK(attendance.marks.get(p.id)?.get(i + 1))),
    ]),
  );
  // Guests of a meeting hold no place: their own sheet, never in the marks above (decision 096).
  addSheet(
    workbook,
    'Visitantes',
    ['Encontro', 'Nome'],
    [14, 32],
    attendance.guests.map((g) => {
      const date = attendance.dates[g.meeting - 1];
      return [`${g.meeting}º${date ? ` ${dayMonth(date)}` : ''}`, g.name];
    }),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A file name without accents or spaces, naming the course and the class, so that two classes'
 * files are told apart: `inscritos-<course>-<class>.<ext>` ('Turma 2027/1' → `turma-2027-1`);
 * the waiting list's, `espera-<course>-<class>.csv`.
 */
export function exportFileName(
  slug: string,
  className: string,
  ext: 'csv' | 'xlsx',
  list: 'inscritos' | 'espera' = 'inscritos',
): string {
  const turma = textSlug(className);
  return `${list}-${slug}${turma === '' ? '' : `-${turma}`}.${ext}`;
}
