/**
 * The pt-BR name of each field of the staff area's forms: the server's validation
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
  subject: 'Assunto',
  text: 'Mensagem',
  waitingList: 'Lista de espera',
} as const;

export type LabelledField = keyof typeof FIELD_LABELS;

/** The pt-BR name of a body's field: its label, else the key itself in quotes. */
export function fieldLabel(key: string): string {
  return Object.hasOwn(FIELD_LABELS, key) ? FIELD_LABELS[key as LabelledField] : `"${key}"`;
}

/** Longest subject and text of a message to a class ('Enviar mensagem à turma', decision 063). */
/** Limits of a cancelled meeting's message and a recess's name (decision 091, 092). */
export const MEETING_TEXT_LIMITS = { message: 1000, recessName: 120 } as const;

export const CLASS_MESSAGE_LIMITS = { subject: 120, text: 5000 } as const;

/** Its problems, beside their field: the server's contract and the staff form say the same. */
export const classMessageProblems = {
  subjectMissing: 'Escreva o assunto.',
  subjectTooLong: `Assunto: use no máximo ${CLASS_MESSAGE_LIMITS.subject} caracteres.`,
  subjectOneLine: 'O assunto não pode ter quebras de linha nem caracteres de controle.',
  textMissing: 'Escreva a mensagem.',
  textTooLong: `Mensagem: use no máximo ${CLASS_MESSAGE_LIMITS.text} caracteres.`,
  textControl: 'A mensagem não pode ter caracteres de controle.',
} as const;
