/**
 * Which classes ('turmas') the course page offers, pure. With exactly one class open
 * for enrolment (or one class at all) the page is the specification's: that class's places and
 * window, one 'Finalizar inscrição' without a class named (the server takes the only open one).
 * With two or more open the person picks one: every class listed is shown, each open one with its
 * own action sending its id (`turma`). With none open: 'Nenhuma turma com inscrições abertas no
 * momento.' and the next opening when one is set.
 */
import type { PublicClass } from '@centro/contracts';
import { enrolmentOpensMessage, messages } from '@centro/contracts/messages';
import type { Availability } from './api/get-availability';

export const NO_OPEN_CLASS = 'Nenhuma turma com inscrições abertas no momento.';

export type ClassChoice =
  /** The specification's page, for this class (its availability). */
  | { kind: 'one'; course: Availability }
  /** The person picks one of these (all listed, oldest first). */
  | { kind: 'pick'; classes: PublicClass[] }
  /**
   * Nothing open, or (`full`) the class open is full and the next opens later (decision 075):
   * the earliest announced opening, if any.
   */
  | { kind: 'none'; opensAt: string | null; full?: boolean };

/** A class's places and window as the availability gave them for the course. */
export const availabilityOf = (c: PublicClass): Availability => ({
  places: c.places,
  placesLeft: c.placesLeft,
  state: c.enrolment,
  opensAt: c.opensAt,
  closesAt: c.closesAt,
});

export function classChoice(classes: readonly PublicClass[]): ClassChoice {
  const open = classes.filter((c) => c.enrolment === 'open');
  if (open.length >= 2) return { kind: 'pick', classes: [...classes] };
  const [next = null] = openings(classes);
  const only = open[0] ?? (classes.length === 1 ? classes[0] : undefined);
  // Full, with the next class announced: when that opens, and 'Avise-me' (decision 075).
  if (only?.enrolment === 'open' && only.placesLeft === 0 && next) {
    return { kind: 'none', opensAt: next, full: true };
  }
  if (only) return { kind: 'one', course: availabilityOf(only) };
  return { kind: 'none', opensAt: next };
}

/** The announced openings still to come, earliest first. */
const openings = (classes: readonly PublicClass[]): string[] =>
  classes
    .filter((c) => c.enrolment === 'not-open' && c.opensAt)
    .map((c) => c.opensAt as string)
    .sort();

/** The line said when no class is open (or the open one is full): the next opening follows. */
export const noClassText = ({ opensAt, full }: { opensAt: string | null; full?: boolean }) =>
  opensAt
    ? `${full ? messages.courseFull : NO_OPEN_CLASS} ${enrolmentOpensMessage(opensAt)}`
    : NO_OPEN_CLASS;

/** The longest wait a timer takes (about 24.8 days); a later opening waits for a reload. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * How long until the classes' next announced opening, and a second more (null: none, or too far):
 * a page left open asks again then and shows the button without a reload (decision 075). Past
 * already (an answer cached a few seconds): a second.
 */
export function untilNextOpening(classes: readonly PublicClass[], now = Date.now()): number | null {
  const [next] = openings(classes);
  if (!next) return null;
  const wait = Math.max(0, Date.parse(next) - now) + 1000;
  return wait > MAX_WAIT_MS ? null : wait;
}

const WEEKDAYS: Record<PublicClass['weekday'], string> = {
  sunday: 'Domingos',
  monday: 'Segundas-feiras',
  tuesday: 'Terças-feiras',
  wednesday: 'Quartas-feiras',
  thursday: 'Quintas-feiras',
  friday: 'Sextas-feiras',
  saturday: 'Sábados',
};

/** "20:00" → "20h00". */
const hours = (time: string) => time.replace(':', 'h');

/** "Terças-feiras, às 20h00". */
export const classSlot = (c: Pick<PublicClass, 'weekday' | 'time'>): string =>
  `${WEEKDAYS[c.weekday] ?? c.weekday}, às ${hours(c.time)}`;

/** "2027-03-02" → "02/03/2027". */
export const classDate = (isoDate: string): string => isoDate.split('-').reverse().join('/');

/** The class's enrolment state and places, as one line. */
export function classStateText(c: PublicClass): string {
  if (c.enrolment === 'closed') return 'Inscrições encerradas.';
  if (c.enrolment === 'not-open')
    return c.opensAt ? enrolmentOpensMessage(c.opensAt) : 'Inscrições em breve.';
  if (c.placesLeft === 0) return 'Inscrições abertas. Vagas esgotadas: lista de espera.';
  return `Inscrições abertas. ${c.placesLeft === 1 ? 'Resta 1 vaga.' : `Restam ${c.placesLeft} vagas.`}`;
}
