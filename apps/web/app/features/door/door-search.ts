/** 'Buscar pelo nome' at the door: who of the class the typed name finds, and what a tap says. */
import { fold } from '~/lib/staff/format';

export interface DoorPerson {
  personId: string;
  name: string;
}

/** The people whose name contains every typed word, accents and case aside ('jose av' finds José Ávila). */
export function findByName<P extends DoorPerson>(people: readonly P[], query: string): P[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return people.filter((p) => {
    const name = fold(p.name);
    return words.every((w) => name.includes(w));
  });
}

/**
 * What the door tells the volunteer: marked now, already marked present before, and for a QR code
 * (decision 097) a place in another class, or no place at all.
 */
export type DoorOutcome = 'presente' | 'já marcado' | 'outra turma' | 'não encontrado';

export const doorOutcome = (alreadyPresent: boolean): DoorOutcome =>
  alreadyPresent ? 'já marcado' : 'presente';

export const doorTexts = {
  search: 'Buscar pelo nome',
  notFound: 'Não encontrado: ninguém desta turma tem esse nome.',
  present: (name: string) => `${name}: presente.`,
  already: (name: string) => `${name}: já marcado como presente.`,
  pending: 'a enviar',
};
