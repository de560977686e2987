/** Texts the website shows for API outcomes (spec sections 5 and 8), kept verbatim. */
import { MEETING_TIME_ZONE } from '@centro/content/site';

export const messages = {
  enrolmentFailed: 'Erro ao carregar dados. Por favor tente novamente!',
  courseFull: 'Vagas esgotadas para este curso.',
  enrolmentClosed: 'As inscrições para este curso foram encerradas.',
  /** EMAIL_VERIFICATION=required: the enrolment waits for the e-mail's confirmation. */
  emailNotVerified:
    'Confirme seu e-mail antes de se inscrever: clique em Sair, entre novamente e digite o código de 6 dígitos que enviaremos para o seu e-mail.',
  profileError: 'Erro!',
  profileSaved: 'Dados atualizados com sucesso!',
  phoneHint: 'Digite o celular no formato (XX) XXXXX-XXXX',
  phoneFormatError: 'Erro ao formatar celular!',
  birthDateHint: 'Digite a data de nascimento no formato DD/MM/AAAA!',
  birthDateFormatError: 'Erro ao formatar data de nascimento!',
  /** A course with no WhatsApp invite yet: said instead of the group's button. */
  groupLinkLater:
    'O link do grupo de WhatsApp da turma será enviado a você mais tarde, assim que o grupo estiver pronto.',
} as const;

/**
 * Why the server refused a field's value (answered as `{error: 'invalid_request', message}`), one
 * pt-BR sentence naming the field.
 */
export const fieldMessages = {
  phone: 'Celular inválido: use o formato (XX) XXXXX-XXXX.',
  birthDate:
    'Data de nascimento inválida: use o formato DD/MM/AAAA com uma data real que não esteja no futuro.',
  mail: 'E-mail inválido: confira o endereço digitado.',
  displayName: 'Nome inválido: use de 1 a 120 caracteres, sem caracteres de controle.',
  directoryId: 'Identificador de usuário inválido.',
  group: 'Grupo do curso inválido.',
  turma: 'Turma inválida.',
} as const;

/**
 * An instant (UTC ISO-8601) as 'DD/MM/AAAA às HHhMM' in the meetings' zone (São Paulo): the opening
 * sentence below and a class's status (class-status.ts) say it so. Its own formatter rather than
 * content's `wallClockAt`: that one brings 30 B more (brotli) into the course pages, which are at
 * their JS budget.
 */
export function dateTimeText(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: MEETING_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}h${parts.minute}`;
}

/**
 * 'As inscrições abrem em DD/MM/AAAA às HHhMM.' for an opening instant: the server's refusal and
 * the course page say the same sentence.
 */
export function enrolmentOpensMessage(opensAt: string): string {
  return `As inscrições abrem em ${dateTimeText(opensAt)}.`;
}

/** What the person types on the profile to delete their account (POST /api/me/delete). */
export const ACCOUNT_DELETE_CONFIRMATION = 'EXCLUIR';

/** Whether the typed word confirms the deletion: 'EXCLUIR' in any case, spaces around ignored. */
export function confirmsAccountDeletion(typed: string): boolean {
  return typed.trim().toLocaleUpperCase('pt-BR') === ACCOUNT_DELETE_CONFIRMATION;
}

/** Texts of ended sessions, shared by the API's refusals and the website. */
export const sessionMessages = {
  ended: 'Sua sessão terminou. Entre novamente.',
  signInToDelete: 'Para excluir sua conta, entre novamente.',
} as const;

/** How recent a sign-in 'Excluir minha conta' needs, in seconds (decision 047). */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;
