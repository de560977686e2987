/**
 * Lists of names in pt-BR and the prerequisites' sentence (decision 061), without zod: the server's
 * refusal, the course pages (at build time) and the staff area say them alike. An entry of its own
 * (`@centro/contracts/lists`), so the public pages' first load (which carries ./messages) pays
 * nothing for it.
 */

/** 'A', 'A e B', 'A, B e C': a list of names joined as pt-BR writes it. */
export function joinPortuguese(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** The refusal of an enrolment without the course's prerequisites (decision 061), by their titles. */
export function prerequisiteMissingMessage(titles: readonly string[]): string {
  return `Este curso é para quem concluiu: ${joinPortuguese(titles)}. Se você já concluiu em outra casa, fale com a secretaria.`;
}

/** "1 encontro", "8 encontros". */
export function meetingCountText(n: number): string {
  return `${n} ${n === 1 ? 'encontro' : 'encontros'}`;
}

/** A person's attendance in an earlier course taken here, without reaching the minimum. */
export interface AttendedHere {
  title: string;
  present: number;
  meetings: number;
  minimumPercent: number;
}

/**
 * The refusal for a person who took a required course here without reaching the minimum
 * attendance (decision 077): what they lack, with their count, not the sentence for newcomers.
 */
export function prerequisiteAttendedMessage(
  titles: readonly string[],
  attended: AttendedHere,
): string {
  const { title, present, meetings, minimumPercent } = attended;
  const needed = Math.ceil((minimumPercent * meetings) / 100);
  return `Este curso é para quem concluiu: ${joinPortuguese(titles)}. Você fez ${title} aqui e esteve em ${present} de ${meetingCountText(meetings)}; para concluir são precisos pelo menos ${minimumPercent} % (${meetingCountText(needed)}). Faça ${title} de novo numa próxima turma ou fale com a secretaria.`;
}
