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
