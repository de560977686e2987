/**
 * The words that say where a class stands (decision 075), pure and shared by the staff area and the
 * server: its state ('Planejada', 'Inscrições abertas', …), read with its enrolment window at `now`
 * ('Inscrições abertas' only while a person can enrol), the window's next or last boundary, and
 * its places ('Inscritos: 3 de 30 vagas'). No validation library: the website imports it alone.
 */
import { MEETING_TIME_ZONE } from '@centro/content/site';
import { dateTimeText } from './messages.js';

export type ClassStateName = 'planned' | 'open' | 'running' | 'concluded';

export interface ClassStatusInput {
  state: ClassStateName;
  /** When its enrolment opens (UTC ISO-8601); null: from the start. */
  opensAt: string | null;
  /** When its enrolment closes (UTC ISO-8601); null: never. */
  closesAt: string | null;
}

/** What is said of a class: its state, and the boundary of its window that matters (or null). */
export interface ClassStatusWords {
  label: string;
  note: string | null;
}

/** Where the class stands at `now` (UTC ISO-8601). */
export function classStatus(c: ClassStatusInput, now: string): ClassStatusWords {
  const opens =
    c.opensAt !== null && now < c.opensAt ? `Abrem em ${dateTimeText(c.opensAt)}` : null;
  switch (c.state) {
    case 'planned':
      return { label: 'Planejada', note: opens };
    case 'running':
      return { label: 'Em andamento', note: null };
    case 'concluded':
      return { label: 'Concluída', note: null };
    case 'open':
      if (opens) return { label: 'Inscrições ainda não abertas', note: opens };
      if (c.closesAt !== null && now >= c.closesAt)
        return {
          label: 'Inscrições encerradas',
          note: `Encerradas em ${dateTimeText(c.closesAt)}`,
        };
      return {
        label: 'Inscrições abertas',
        note: c.closesAt === null ? null : `Encerram em ${dateTimeText(c.closesAt)}`,
      };
  }
}

/** 'Inscritos: 3 de 30 vagas' ('1 vaga' for one). */
export function placesTaken(taken: number, places: number): string {
  return `Inscritos: ${taken} de ${places} ${places === 1 ? 'vaga' : 'vagas'}`;
}

/** A class as the choice of the one a staff screen opens on reads it. */
export interface ClassToOpen {
  state: ClassStateName;
  /** Its meetings' days (YYYY-MM-DD, São Paulo), in order. */
  schedule: readonly { date: string }[];
}

/** "YYYY-MM-DD" of an instant in São Paulo, where the classes meet. */
const dayInSaoPaulo = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: MEETING_TIME_ZONE }).format(at);

/** A class not concluded whose meetings have begun and not ended by `today` (or meet today). */
function underWay(c: ClassToOpen, today: string): boolean {
  const first = c.schedule[0]?.date;
  const last = c.schedule.at(-1)?.date;
  return c.state !== 'concluded' && first !== undefined && first <= today && today <= (last ?? '');
}

/**
 * The class the staff screens open on, of a course's classes oldest first (decision 077): the class
 * that meets today, else the one under way (its meetings begun and not over), else its latest open
 * class, else running, else planned, else its latest. A class made by 'Nova turma' for next term,
 * planned or already taking enrolments, never takes the view from the class being run: it is chosen
 * on purpose. The staff overview and every class screen read it.
 */
export function currentClassOf<C extends ClassToOpen>(
  classes: readonly C[],
  now: Date = new Date(),
): C | undefined {
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
