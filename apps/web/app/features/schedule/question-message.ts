import type { ScheduleDay } from '@centro/content';

/** The prefilled WhatsApp message of a day's 'Tirar Dúvidas' link, naming the day's activity. */
export function questionMessage(
  day: Pick<ScheduleDay, 'day' | 'activities' | 'whatsappTopic'>,
): string {
  const weekday = day.day.toLocaleLowerCase('pt-BR');
  const subject = day.activities.length > 1 ? 'as atividades' : 'a atividade';
  return `Olá! Gostaria de tirar uma dúvida sobre ${subject} de ${weekday}: ${day.whatsappTopic}.`;
}
