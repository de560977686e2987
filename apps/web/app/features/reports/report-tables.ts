/**
 * The tables of 'Relatórios', pure: each report's figures as the table shown beside its chart
 * (for screen readers and for copying) and downloaded as CSV the way the staff's other files are
 * (UTF-8 with a BOM, ';' between cells, CRLF: Excel in Portuguese opens it as is; decision 053).
 */
import type { ReportClass, StaffReports } from '@centro/contracts';

export interface ReportTable {
  /** The table's caption, also its chart's title. */
  title: string;
  /** The CSV's name, without extension. */
  fileName: string;
  columns: string[];
  rows: (string | number)[][];
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '—' : `${Math.round((part / whole) * 100)} %`;

/** "2027-03-06" as 06/03/2027. */
export const brazilianDate = (isoDate: string): string =>
  isoDate.slice(0, 10).split('-').reverse().join('/');

/** A class as the menus and tables name it: 'Passe · Turma 2027/1'. */
export const classLabel = (c: Pick<ReportClass, 'courseTitle' | 'name'>): string =>
  `${c.courseTitle} · ${c.name}`;

export function placesTable(reports: StaffReports): ReportTable {
  return {
    title: 'Vagas ocupadas por turma',
    fileName: `relatorio-vagas-${reports.year}`,
    columns: ['Turma', 'Programa', 'Vagas', 'Inscritos', 'Ocupação', 'Lista de espera'],
    rows: reports.classes.map((c) => [
      classLabel(c),
      c.programme,
      c.places,
      c.taken,
      percent(c.taken, c.places),
      c.waiting,
    ]),
  };
}

export function openingTable(reports: StaffReports, c: ReportClass): ReportTable | null {
  const opening = reports.openings.find((o) => o.classId === c.id);
  if (!opening) return null;
  return {
    title: `Inscrições por hora após a abertura: ${classLabel(c)}`,
    fileName: `relatorio-abertura-${c.courseSlug}-${reports.year}`,
    columns: ['Hora após a abertura', 'Inscrições'],
    rows: [
      ...opening.perHour.map((count, hour) => [`${hour + 1}ª hora`, count]),
      ['Depois de 24 horas', opening.later],
    ],
  };
}

export function attendanceTable(reports: StaffReports, c: ReportClass): ReportTable | null {
  const sheet = reports.attendance.find((a) => a.classId === c.id);
  if (!sheet) return null;
  return {
    title: `Presença por encontro: ${classLabel(c)}`,
    fileName: `relatorio-presenca-${c.courseSlug}-${reports.year}`,
    columns: ['Encontro', 'Data', 'Presentes', 'Ausentes', 'Presença'],
    rows: sheet.meetings.map((m) => [
      `${m.meeting}º`,
      m.date ? brazilianDate(m.date) : '—',
      m.present,
      m.absent,
      percent(m.present, m.present + m.absent),
    ]),
  };
}

export function completionTable(
  reports: StaffReports,
  by: 'byClass' | 'byCourse' | 'byYear',
): ReportTable {
  const named = { byClass: 'turma', byCourse: 'curso', byYear: 'ano' } as const;
  return {
    title: `Conclusão por ${named[by]}`,
    fileName: `relatorio-conclusao-por-${named[by]}-${reports.year}`,
    columns: [
      named[by][0]?.toUpperCase() + named[by].slice(1),
      'Concluíram',
      'Não concluíram',
      'Taxa de conclusão',
    ],
    rows: reports.completion[by].map((c) => [
      c.label,
      c.completed,
      c.notCompleted,
      percent(c.completed, c.completed + c.notCompleted),
    ]),
  };
}

export function waitingTable(reports: StaffReports, c: ReportClass): ReportTable | null {
  const waiting = reports.waiting.find((w) => w.classId === c.id);
  if (!waiting) return null;
  return {
    title: `Lista de espera ao longo do tempo: ${classLabel(c)}`,
    fileName: `relatorio-espera-${c.courseSlug}-${reports.year}`,
    columns: ['Dia', 'Pessoas na lista'],
    rows: waiting.days.map((d) => [brazilianDate(d.date), d.length]),
  };
}

function csvCell(cell: string | number): string {
  const text = String(cell);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The table as a CSV file's text (with its BOM). */
export function csvOf(table: ReportTable): string {
  const lines = [table.columns, ...table.rows].map((cells) => cells.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
