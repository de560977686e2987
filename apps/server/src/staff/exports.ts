/**
 * A course's participants as files for the centre's volunteers: CSV for Excel in Brazil (`;`,
 * UTF-8 with a BOM so accents survive, CRLF, no `sep=` line, dates DD/MM/AAAA) and .xlsx (exceljs,
 * generated here on the server). Only the columns staff need. A cell that a spreadsheet would run
 * as a formula (=, +, -, @ first) is written as text.
 */
import { MEETING_TIME_ZONE } from '@centro/content';
import type { StaffParticipant } from '@centro/contracts';
import ExcelJS from 'exceljs';

export const EXPORT_COLUMNS = ['Nome', 'E-mail', 'Celular', 'Data de inscrição', 'Situação'];

/** DD/MM/AAAA of a UTC instant, in São Paulo. */
export function brazilianDate(instant: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: MEETING_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(instant));
}

const STATUS: Record<StaffParticipant['status'], string> = {
  confirmed: 'Confirmada',
  pending: 'Em andamento',
};

function row(p: StaffParticipant): string[] {
  return [p.name, p.email, p.celular, brazilianDate(p.enrolledAt), STATUS[p.status]];
}

/** Neutralises formula injection: a leading =, +, -, @, tab or CR makes the cell text. */
const safeText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

function csvCell(value: string): string {
  const text = safeText(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function participantsCsv(participants: readonly StaffParticipant[]): Buffer {
  const lines = [EXPORT_COLUMNS, ...participants.map(row)].map((cells) =>
    cells.map(csvCell).join(';'),
  );
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function participantsXlsx(
  title: string,
  participants: readonly StaffParticipant[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Centro Espírita';
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  sheet.columns = EXPORT_COLUMNS.map((header, i) => ({
    header,
    key: String(i),
    width: [32, 32, 18, 18, 14][i] ?? 16,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const p of participants) sheet.addRow(row(p).map(safeText));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A file name without accents or spaces: `inscritos-<slug>.<ext>`. */
export const exportFileName = (slug: string, ext: 'csv' | 'xlsx') => `inscritos-${slug}.${ext}`;
