/**
 * A class's dates as the staff's 'Encontros' tab says them (decision 091), pure: each date's line
 * and what happened to it, whether it can still change, and what staff read after a change.
 */
import type { StaffClassMeeting } from '@centro/contracts';
import {
  formatDate,
  formatShortDate,
  formatTime,
  markingOpensAt,
  zonedInstant,
} from '@centro/content/site';

/** "3º encontro — sáb, 16/01, às 19h00"; a date without a meeting: "sáb, 26/12". */
export function meetingLine(m: StaffClassMeeting): string {
  const when = `${formatShortDate(m.date)}, às ${formatTime(m.time)}`;
  if (m.status === 'skipped') return formatShortDate(m.date);
  return m.number === null ? when : `${m.number}º encontro — ${when}`;
}

/** What happened to the date, or null when it is as the weekly rule has it. */
export function meetingStateText(m: StaffClassMeeting): string | null {
  if (m.status === 'skipped') return `Sem encontro${m.note ? `: ${m.note}` : ''}`;
  if (m.status === 'cancelled') return `Cancelado${m.note ? `: ${m.note}` : ''}`;
  if (m.movedFrom) {
    return `Transferido de ${formatShortDate(m.movedFrom.date)}, às ${formatTime(m.movedFrom.time)}`;
  }
  return m.added ? 'Encontro extra' : null;
}

/**
 * Whether the date may still change at `now`: a meeting changes until an hour before it starts
 * (when attendance opens), as the server checks.
 */
export function meetingAhead(m: Pick<StaffClassMeeting, 'date' | 'time'>, now: Date): boolean {
  return now < markingOpensAt(zonedInstant(m.date, m.time));
}

/** After a change: "Encontros atualizados. Avisamos 3 pessoas por e-mail." */
export function meetingsChangedText(notified: number): string {
  if (notified === 0) return 'Encontros atualizados.';
  const people = notified === 1 ? '1 pessoa' : `${notified} pessoas`;
  return `Encontros atualizados. Avisamos ${people} por e-mail.`;
}

/** "Recesso de fim de ano: 20/12/2026 a 10/01/2027". */
export function recessLine(r: { name: string; startsOn: string; endsOn: string }): string {
  return `${r.name}: ${formatDate(r.startsOn)} a ${formatDate(r.endsOn)}`;
}

/** What a skip does to the class, as the forms offer it. */
export const thenLabels = {
  later: 'A turma termina uma semana depois',
  fewer: 'A turma fica com um encontro a menos',
} as const;

/** After a recess is entered or removed: how many classes changed and people were told. */
export function recessSavedText(
  what: 'saved' | 'removed',
  classes: number | undefined,
  notified: number | undefined,
): string {
  const head = what === 'saved' ? 'Recesso cadastrado.' : 'Recesso removido.';
  const changed = classes === 1 ? '1 turma mudou' : `${classes ?? 0} turmas mudaram`;
  const told = notified === 1 ? '1 pessoa' : `${notified ?? 0} pessoas`;
  return `${head} ${changed}; avisamos ${told} por e-mail.`;
}
