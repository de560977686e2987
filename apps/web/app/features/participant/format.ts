import type { MyEnrolmentState } from '@centro/contracts';
import { MEETING_TIME_ZONE } from '@centro/content/site';

/** The next meeting as people read it, on São Paulo's clock: 'sábado, 06/03/2027, às 17h30'. */
const parts = new Intl.DateTimeFormat('pt-BR', {
  timeZone: MEETING_TIME_ZONE,
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatNextMeeting(instant: string): string {
  const p = Object.fromEntries(
    parts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return `${p.weekday}, ${p.day}/${p.month}/${p.year}, às ${p.hour}h${p.minute}`;
}

const STATE_TEXT: Record<Exclude<MyEnrolmentState, 'waiting'>, string> = {
  enrolled: 'Inscrição confirmada',
  pending: 'Inscrição em confirmação',
  concluded: 'Concluído',
  'not-concluded': 'Não concluído',
  cancelled: 'Cancelada',
};

/** A class's state in the person's history: 'Na lista de espera (posição 2)'... */
export function enrolmentStateText(e: {
  state: MyEnrolmentState;
  position: number | null;
}): string {
  if (e.state === 'waiting') {
    return e.position === null
      ? 'Na lista de espera'
      : `Na lista de espera (posição ${e.position})`;
  }
  return STATE_TEXT[e.state];
}

/** A place or a waiting position held now (not a past class). */
export function isCurrent(state: MyEnrolmentState): boolean {
  return state === 'enrolled' || state === 'pending' || state === 'waiting';
}

/** After a claim code was used (decision 095). */
export function claimedText(claimed: number): string {
  if (claimed === 0) return 'Código aceito. Não havia inscrições novas para trazer.';
  return claimed === 1
    ? 'Pronto: a inscrição feita na secretaria agora está na sua conta.'
    : `Pronto: ${claimed} inscrições feitas na secretaria agora estão na sua conta.`;
}
