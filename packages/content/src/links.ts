/** Pure helpers that turn content values into links and display strings. */
import type { ScheduleDay } from './schema.js';

/** wa.me link to a WhatsApp number (digits only), optionally with a prefilled message. */
export function whatsappLink(digits: string, message?: string): string {
  const base = `https://wa.me/${digits}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/**
 * Lower case ASCII words joined by '-', for names of files and ids: 'Turma 2027/1' → 'turma-2027-1',
 * 'Evangelho à Luz' → 'evangelho-a-luz' (empty when nothing is left).
 */
export function textSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Invite link of a WhatsApp group. */
export function whatsappGroupLink(inviteCode: string): string {
  return `https://chat.whatsapp.com/${inviteCode}`;
}

/** The group's invite link, or null for a course with no invite code yet (nothing to send). */
export function groupLinkOf(inviteCode: string | null): string | null {
  return inviteCode === null ? null : whatsappGroupLink(inviteCode);
}

/** "5511987654321" → "(11) 98765-4321"; "551133334444" → "(11) 3333-4444". */
export function formatPhoneForDisplay(digits: string): string {
  const national = digits.startsWith('55') ? digits.slice(2) : digits;
  const ddd = national.slice(0, 2);
  const rest = national.slice(2);
  const split = rest.length - 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/**
 * Prefilled message of a schedule day's 'Tirar Dúvidas' link, naming the day's activity, e.g.
 * "Olá! Gostaria de tirar uma dúvida sobre a atividade de segunda-feira: Triagem Fraterna."
 */
export function scheduleQuestionMessage(
  day: Pick<ScheduleDay, 'day' | 'activities' | 'whatsappTopic'>,
): string {
  const which = day.activities.length > 1 ? 'as atividades' : 'a atividade';
  return `Olá! Gostaria de tirar uma dúvida sobre ${which} de ${day.day.toLowerCase()}: ${day.whatsappTopic}.`;
}

/** wa.me link of a schedule day's 'Tirar Dúvidas' button. */
export function scheduleQuestionLink(
  whatsappDigits: string,
  day: Pick<ScheduleDay, 'day' | 'activities' | 'whatsappTopic'>,
): string {
  return whatsappLink(whatsappDigits, scheduleQuestionMessage(day));
}
