/**
 * 'Preparar próximo semestre', pure: the table's rows as the inputs' texts, the request the
 * confirmed rows make (or the first problem, beside its field), and where the server's refusal of a
 * row's field goes back to.
 */
import type {
  StaffPrepareTermRequest,
  StaffTermCourse,
  StaffTermProposalResponse,
} from '@centro/contracts';

/** The fields of a row the coordinator may correct. */
export const TERM_FIELDS = ['firstMeeting', 'time', 'room', 'places', 'opensAt'] as const;
export type TermField = (typeof TERM_FIELDS)[number];

/** A course's row to create: each field as its input's text. */
export interface TermRow {
  slug: string;
  title: string;
  /** Created on confirmation (the coordinator may leave a course out). */
  include: boolean;
  firstMeeting: string;
  time: string;
  room: string;
  places: string;
  opensAt: string;
  /** What the proposal said, to tell a changed first meeting (its meetings are then weekly). */
  proposed: NonNullable<StaffTermCourse['proposal']>;
}

/** A field of a row: `<slug>.<field>`, the id of its problem and its input. */
export type RowField = `${string}.${TermField}`;

export const rowField = (slug: string, field: TermField): RowField => `${slug}.${field}`;

/** The rows proposed (the prepared courses have none). */
export function termRowsOf(proposal: StaffTermProposalResponse): TermRow[] {
  return proposal.courses.flatMap((c) =>
    c.status === 'proposed' && c.proposal
      ? [
          {
            slug: c.slug,
            title: c.title,
            include: true,
            firstMeeting: c.proposal.firstMeeting,
            time: c.proposal.time,
            room: c.proposal.room ?? '',
            places: String(c.proposal.places),
            opensAt: c.proposal.opensAt ?? '',
            proposed: c.proposal,
          },
        ]
      : [],
  );
}

type Checked =
  | { ok: true; request: StaffPrepareTermRequest; slugs: string[] }
  | { ok: false; field: RowField | null; message: string };

/**
 * The request for the included rows, or the first row's problem with the course's title (the
 * server checks the rest: the first meeting in the term, the opening before it).
 */
export function termRequestOf(key: string, term: string, rows: readonly TermRow[]): Checked {
  const included = rows.filter((r) => r.include);
  if (included.length === 0) {
    return { ok: false, field: null, message: 'Marque ao menos um curso para criar a turma.' };
  }
  const classes: StaffPrepareTermRequest['classes'] = [];
  for (const row of included) {
    const problem = (field: TermField, message: string): Checked => ({
      ok: false,
      field: rowField(row.slug, field),
      message: `${row.title}: ${message}`,
    });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(row.firstMeeting)) {
      return problem('firstMeeting', 'informe a data do primeiro encontro.');
    }
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(row.time)) {
      return problem('time', 'informe o horário no formato HH:MM.');
    }
    const places = row.places.trim();
    if (!/^\d+$/.test(places) || Number(places) < 1) {
      return problem('places', 'vagas: use um número inteiro, pelo menos 1.');
    }
    const room = row.room.trim();
    classes.push({
      slug: row.slug,
      firstMeeting: row.firstMeeting,
      time: row.time,
      room: room === '' ? null : room,
      places: Number(places),
      opensAt: row.opensAt === '' ? null : row.opensAt,
    });
  }
  return { ok: true, request: { key, term, classes }, slugs: included.map((r) => r.slug) };
}

/** The server's `classes.<n>.<field>` as the row's field, by the request's order of courses. */
export function rowFieldOfServer(
  field: string | undefined,
  slugs: readonly string[],
): RowField | null {
  const match = /^classes\.(\d+)\.(\w+)$/.exec(field ?? '');
  const slug = match ? slugs[Number(match[1])] : undefined;
  const name = match?.[2] as TermField | undefined;
  return slug !== undefined && name !== undefined && TERM_FIELDS.includes(name)
    ? rowField(slug, name)
    : null;
}

/** "DD/MM/AAAA" of a "YYYY-MM-DD". */
export const dateText = (isoDate: string): string => isoDate.split('-').reverse().join('/');

/** What a row's meetings are: their number, and the last one's date while the first is as proposed. */
export function meetingsText(row: TermRow): { count: string; until: string | null } {
  const count = row.proposed.meetings.length;
  const last = row.proposed.meetings.at(-1);
  return {
    count: `${count} ${count === 1 ? 'encontro' : 'encontros'}`,
    until: row.firstMeeting === row.proposed.firstMeeting && last ? `até ${dateText(last)}` : null,
  };
}

/** After the creation: what was done, in one sentence. */
export function preparedText(term: string, created: number, skipped: number): string {
  const made =
    created === 0
      ? `Nenhuma turma criada para ${term}.`
      : `${created} ${created === 1 ? 'turma criada' : 'turmas criadas'} para ${term}.`;
  if (skipped === 0) return made;
  return `${made} ${skipped} ${skipped === 1 ? 'curso já estava preparado e ficou' : 'cursos já estavam preparados e ficaram'} como estava${skipped === 1 ? '' : 'm'}.`;
}
