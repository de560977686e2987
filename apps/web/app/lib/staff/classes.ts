/**
 * A course's classes in the staff area, pure: which class a view shows, and the 'Nova
 * turma' form's texts and request.
 */
import type { StaffClass, StaffClassProposal, StaffNewClassRequest } from '@centro/contracts';

/** "YYYY-MM-DD" of an instant in São Paulo, where the classes meet. */
const dayInSaoPaulo = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);

/** A class not concluded whose meetings have begun and not ended by `today` (or meet today). */
function underWay(c: StaffClass, today: string): boolean {
  const first = c.schedule[0]?.date;
  const last = c.schedule.at(-1)?.date;
  return c.state !== 'concluded' && first !== undefined && first <= today && today <= (last ?? '');
}

/**
 * The class a staff screen opens on (decision 077): the class that meets today, else the one
 * under way (its meetings begun and not over), else its latest open class, else running, else
 * planned, else its latest. A class made by 'Nova turma' for next term, planned or already taking
 * enrolments, never takes the view from the class being run: it is chosen on purpose.
 */
export function currentClassOf(
  classes: readonly StaffClass[],
  now: Date = new Date(),
): StaffClass | undefined {
  const today = dayInSaoPaulo(now);
  const meetsToday = classes.findLast(
    (c) => c.state !== 'concluded' && c.schedule.some((m) => m.date === today),
  );
  if (meetsToday) return meetsToday;
  const running = classes.findLast((c) => underWay(c, today));
  if (running) return running;
  for (const state of ['open', 'running', 'planned'] as const) {
    const found = classes.findLast((c) => c.state === state);
    if (found) return found;
  }
  return classes.at(-1);
}

/** The class the address asks for (`?turma=`), else the course's current class. */
export function chosenClass(
  classes: readonly StaffClass[],
  asked: string | null,
  now: Date = new Date(),
): StaffClass | undefined {
  return classes.find((c) => c.id === asked) ?? currentClassOf(classes, now);
}

/** The class's meetings still ahead at `now`: 'Encerrar turma' confirms them (decision 077). */
export function meetingsAhead(c: StaffClass, now: Date = new Date()): number {
  return c.schedule.filter((m) => new Date(m.start) > now).length;
}

/** A concluded class is read-only: its panels show no edit controls. */
export const isReadOnly = (c: StaffClass): boolean => c.state === 'concluded';

/** The 'Nova turma' form: every field as its input's text. */
export interface NewClassForm {
  name: string;
  places: string;
  opensAt: string;
  closesAt: string;
  firstMeeting: string;
}

export function newClassFormOf(proposal: StaffClassProposal): NewClassForm {
  return {
    name: proposal.name,
    places: String(proposal.places),
    opensAt: proposal.opensAt ?? '',
    closesAt: proposal.closesAt ?? '',
    firstMeeting: proposal.firstMeeting,
  };
}

/**
 * The request for the form's texts, or the field the form refuses with its pt-BR sentence (the
 * server checks the rest: the window's order, the places' bounds).
 */
export function newClassRequestOf(
  form: NewClassForm,
):
  | { ok: true; request: StaffNewClassRequest }
  | { ok: false; field: keyof NewClassForm; message: string } {
  const name = form.name.trim();
  if (name === '') return { ok: false, field: 'name', message: 'Informe o nome da turma.' };
  const places = form.places.trim();
  if (!/^\d+$/.test(places) || Number(places) < 1) {
    return { ok: false, field: 'places', message: 'Vagas: use um número inteiro, pelo menos 1.' };
  }
  if (form.firstMeeting === '') {
    return {
      ok: false,
      field: 'firstMeeting',
      message: 'Informe a data do primeiro encontro.',
    };
  }
  return {
    ok: true,
    request: {
      name,
      places: Number(places),
      opensAt: form.opensAt === '' ? null : form.opensAt,
      closesAt: form.closesAt === '' ? null : form.closesAt,
      firstMeeting: form.firstMeeting,
    },
  };
}

/** What every panel of a class's view takes: another panel of a class takes the same. */
export interface ClassPanelProps {
  /** The course's slug. */
  slug: string;
  /** The class shown; `isReadOnly(staffClass)`: no edit controls. */
  staffClass: StaffClass;
  /** The person is Coordenação (else Secretaria, or a monitor). */
  coordination: boolean;
  /**
   * The person only monitors this class (decision 098): its participants to read and its
   * attendance, without exports, moves or removals, which the server refuses them.
   */
  monitor?: boolean;
  /** Something changed the class's or the course's figures (a removal, new settings). */
  onChanged: () => void;
}
