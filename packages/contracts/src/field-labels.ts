/**
 * The pt-BR name of each field of the staff area's forms (issue 30): the server's validation
 * answers name a field by it ('Vagas', never 'places') and the website labels its inputs with the
 * same words, so an error reads like the form it sits beside. No zod: the website imports it alone.
 */
export const FIELD_LABELS = {
  places: 'Vagas',
  inviteCode: 'Convite do grupo de WhatsApp',
  opensAt: 'Abertura das inscrições',
  closesAt: 'Encerramento das inscrições',
  firstMeeting: 'Primeiro encontro',
  time: 'Horário dos encontros',
  count: 'Número de encontros',
  durationMinutes: 'Duração de cada encontro (minutos)',
  room: 'Local',
  name: 'Nome da turma',
  turma: 'Turma',
  email: 'E-mail',
  role: 'Função',
  personId: 'Pessoa',
  marks: 'Presenças',
  present: 'Presença',
  confirm: 'Confirmação',
  q: 'Busca',
  sort: 'Ordenação',
  order: 'Ordem',
} as const;

export type LabelledField = keyof typeof FIELD_LABELS;

/** The pt-BR name of a body's field: its label, else the key itself in quotes. */
export function fieldLabel(key: string): string {
  return Object.hasOwn(FIELD_LABELS, key) ? FIELD_LABELS[key as LabelledField] : `"${key}"`;
}
