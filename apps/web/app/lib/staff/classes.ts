/**
 * A course's classes in the staff area, pure: which class a view shows, and the 'Nova
 * turma' form's texts and request.
 */
import type { StaffClass, StaffClassProposal, StaffNewClassRequest } from '@centro/contracts';
import { currentClassOf } from '@centro/contracts/class-status';

/**
 * The class the address asks for (`?turma=`), else the one the staff screens open on (decision
 * 077, `currentClassOf`, as the overview chooses it).
 */
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
