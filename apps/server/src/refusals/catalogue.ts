/**
 * Every refusal of the API, one line each: its name (what the server throws, `new Refusal(name)`),
 * the HTTP statuses it is answered with (the first unless the thrower chose another of them), its
 * `ErrorCode` and its pt-BR message. `say` words the message when the refusal carries details.
 *
 * The edge (plugins/refusal-answer.ts) answers any refusal from this line, and a route's
 * `refusalResponses(name, …)` documents it in the OpenAPI document from the same line: a new
 * refusal is one line here, nothing else (decision 038). A leaf module: it imports nothing of the
 * server, so every layer may throw refusals. New lines go at the end: the order of the lines is the
 * order of the codes in the OpenAPI document's descriptions. The edited content's lines are
 * written in catalogue-content.ts and spread here in their place; the words the lines share, in
 * wording.ts.
 */
import {
  API_BODY_LIMIT_BYTES,
  ErrorCode as C,
  enrolmentOpensMessage,
  messages,
  prerequisiteAttendedMessage,
  type AttendedHere,
  prerequisiteMissingMessage,
  meetingCountText,
  sessionMessages,
} from '@centro/contracts';

import { notMarkableYetMessage } from '@centro/content';

import { CONTENT_LIMIT_REFUSALS, CONTENT_REFUSALS, PHOTO_REFUSALS } from './catalogue-content.js';

import { CLASS_PEOPLE_REFUSALS } from './catalogue-class-people.js';
import { instantText, own, refusal, waitMinutes } from './wording.js';

export { type RefusalDeclaration, waitMinutes, waitSeconds } from './wording.js';

/** `invalidRequest`'s message for a body that is not a JSON object. */
export const BODY_NOT_AN_OBJECT = 'O corpo da requisição deve ser um objeto JSON.';

export const REFUSALS = {
  invalidJson: refusal([400], C.InvalidJson, 'O corpo da requisição não é um JSON válido.'),
  payloadTooLarge: refusal(
    [413],
    C.PayloadTooLarge,
    `A requisição é grande demais (máximo de ${API_BODY_LIMIT_BYTES / 1024} KB).`,
  ),
  unsupportedMediaType: refusal(
    [415],
    C.UnsupportedMediaType,
    'Envie os dados em JSON (Content-Type: application/json).',
  ),
  userNotFound: refusal(
    [404],
    C.UserNotFound,
    'Não encontramos o seu cadastro. Entre novamente ou procure a secretaria do centro.',
  ),
  /**
   * Entra ID keeps a privileged administrator's mobilePhone, and what the on-premises sync owns of
   * a synced user, out of any application's reach.
   */
  protectedAccount: refusal(
    [403],
    C.ProtectedAccount,
    'Os dados desta conta não podem ser alterados pelo site, porque ela tem uma função de administrador no Microsoft Entra ou é mantida pelo diretório da sua organização. Peça ao administrador da sua organização para alterá-los.',
  ),
  /** The directory failed while reading or changing the person's data. */
  directoryUnavailable: refusal(
    [502, 503],
    C.DirectoryUnavailable,
    'Não foi possível acessar o seu cadastro agora. Por favor tente novamente.',
  ),
  /** The directory failed while enrolling (the place was given back). */
  enrolmentIncomplete: refusal(
    [502, 503],
    C.DirectoryUnavailable,
    'Não foi possível concluir a inscrição agora. Por favor tente novamente.',
  ),
  databaseUnavailable: refusal(
    [503],
    C.ServiceUnavailable,
    'Serviço indisponível no momento. Por favor tente novamente em instantes.',
  ),
  courseFull: refusal([409], C.CourseFull, messages.courseFull),
  /** Before the opening instant (UTC ISO-8601): the message names it. */
  enrolmentNotOpen: refusal(
    [409],
    C.EnrolmentNotOpen,
    'As inscrições para este curso ainda não abriram.',
    ({ opensAt }: { opensAt: string }) => enrolmentOpensMessage(opensAt),
  ),
  /** EMAIL_VERIFICATION=required and the person's e-mail is not confirmed. */
  emailNotVerified: refusal([403], C.EmailNotVerified, messages.emailNotVerified),
  enrolmentClosed: refusal([409], C.EnrolmentClosed, messages.enrolmentClosed),
  /** A course slug that names no course (the participant's own space). */
  unknownCourse: refusal([404], C.NotFound, 'Curso não encontrado.'),
  /** Joining the waiting list while a place is free. */
  courseNotFull: refusal(
    [409],
    C.CourseNotFull,
    'Ainda há vagas neste curso: faça a sua inscrição.',
  ),
  /** Joining the waiting list of a course the person holds a place in. */
  alreadyEnrolled: refusal([409], C.AlreadyEnrolled, 'Você já tem uma vaga neste curso.'),
  /** Cancelling a place the person does not hold. */
  noEnrolment: refusal([404], C.NotEnrolled, 'Você não tem inscrição neste curso.'),
  /** Cancelling (or deleting the account) while a place is still being confirmed. */
  enrolmentInProgress: refusal(
    [409],
    C.EnrolmentInProgress,
    'Sua inscrição ainda está sendo concluída. Tente novamente em alguns instantes.',
  ),
  /** The directory failed while removing the person from the course's group. */
  cancellationIncomplete: refusal(
    [502, 503],
    C.DirectoryUnavailable,
    'Não foi possível cancelar a inscrição agora. Por favor tente novamente.',
  ),
  /** The directory failed during an account deletion (what was done stays done). */
  accountDeletionIncomplete: refusal(
    [502, 503],
    C.DirectoryUnavailable,
    'Não foi possível concluir a exclusão da conta agora. Por favor tente novamente em instantes.',
  ),
  /** A signed-in person without the staff role the action needs. */
  staffForbidden: refusal([403], C.Forbidden, 'Esta área é só para a equipe do centro.'),
  /** Secretaria on what only Coordenação may do. */
  coordinationOnly: refusal([403], C.Forbidden, 'Só a Coordenação pode fazer isso.'),
  courseNotFound: refusal([404], C.NotFound, 'Curso ou encontro não encontrado.'),
  placesBelowTaken: refusal(
    [409],
    C.PlacesBelowTaken,
    'O número de vagas não pode ser menor que o de inscrições já feitas.',
    ({ taken }: { taken: number }) =>
      `O número de vagas não pode ser menor que o de inscrições já feitas (${taken}).`,
  ),
  /** Settings that do not fit together (the message says which). */
  invalidSettings: refusal([400], C.InvalidRequest, 'Configuração inválida.', own),
  notEnrolled: refusal(
    [404],
    C.NotEnrolled,
    'Esta pessoa não tem inscrição confirmada neste curso.',
  ),
  /** The directory failed while removing the person from the course's group (nothing changed). */
  removalIncomplete: refusal(
    [502, 503],
    C.DirectoryUnavailable,
    'Não foi possível remover a inscrição agora; nada foi alterado. Tente novamente.',
  ),
  lastCoordinator: refusal(
    [409],
    C.LastCoordinator,
    'É preciso manter ao menos uma pessoa na Coordenação.',
  ),
  accountNotFound: refusal([404], C.AccountNotFound, 'Não há conta cadastrada com este e-mail.'),
  rolesManagedByProvider: refusal(
    [409],
    C.RolesManagedByProvider,
    'Os papéis da equipe são atribuídos no Microsoft Entra ID (funções do aplicativo Coordenacao, Secretaria e Comunicacao).',
  ),
  /** A group that is the group of no course (the server adds nobody to an arbitrary group). */
  unknownGroup: refusal(
    [400],
    C.UnknownGroup,
    'Grupo desconhecido: não corresponde a nenhum curso.',
  ),
  /** get-token: the provider's token was refused. */
  invalidProviderToken: refusal(
    [401],
    C.InvalidToken,
    'Não foi possível confirmar o seu acesso. Entre novamente.',
  ),
  /** get-token: the provider's keys could not be obtained. */
  providerUnavailable: refusal(
    [503],
    C.IdentityProviderUnavailable,
    'O serviço de acesso está indisponível no momento. Tente novamente em instantes.',
  ),
  /** A user or group call with an anonymous (or missing) token. */
  signInRequired: refusal([401], C.Unauthorized, 'É preciso entrar para continuar.'),
  /** A user or group call with an expired token. */
  expiredToken: refusal([401], C.InvalidToken, 'Sua sessão expirou. Entre novamente.'),
  /** A user or group call with a malformed, tampered or foreign token. */
  invalidToken: refusal([401], C.InvalidToken, 'Sessão inválida. Entre novamente.'),
  /** A user or group call about someone else. */
  otherPerson: refusal(
    [403],
    C.Forbidden,
    'Você só pode acessar e alterar os seus próprios dados.',
  ),
  /** A body that does not match its contract (the message names the field). */
  invalidRequest: refusal([400], C.InvalidRequest, 'Dados inválidos na requisição.', own),
  tooManyRequests: refusal(
    [429],
    C.TooManyRequests,
    'Muitas requisições. Tente novamente em instantes.',
    ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
      `Muitas requisições. Tente novamente em ${retryAfterSeconds} segundos.`,
  ),
  /** A new contact e-mail past the hourly limit, for the account or the address (decision 046). */
  tooManyContactChanges: refusal(
    [429],
    C.TooManyRequests,
    'Muitos pedidos de troca de e-mail. Por segurança, aguarde e tente novamente.',
    ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
      `Muitos pedidos de troca de e-mail. Por segurança, aguarde ${waitMinutes(retryAfterSeconds)} e tente novamente.`,
  ),
  ...CONTENT_REFUSALS,
  /** Revoking Coordenação from an ADMIN_EMAILS address: nothing would change. */
  roleFromAdminEmails: refusal(
    [409],
    C.RoleFromAdminEmails,
    'Esta pessoa é Coordenação porque o e-mail dela está em ADMIN_EMAILS, na configuração do servidor: a função só pode ser retirada tirando o e-mail de lá.',
  ),
  /** Deleting the account of the only Coordenação. */
  lastCoordinatorAccount: refusal(
    [409],
    C.LastCoordinator,
    'Você é a única pessoa na Coordenação: conceda a função a outra pessoa antes de excluir a sua conta.',
  ),
  /** Several classes of the course take enrolments and the request named none (decision 052). */
  classRequired: refusal([409], C.ClassRequired, 'Escolha a turma.'),
  /** A class (`turma`) that is not one of the course's classes. */
  classNotFound: refusal([404], C.NotFound, 'Turma não encontrada.'),
  /** A place in another class of the same course (one class per course at a time). */
  enrolledInOtherClass: refusal(
    [409],
    C.EnrolledInOtherClass,
    'Você já está inscrito(a) em outra turma deste curso.',
  ),
  /** 'Encerrar turma' of a class concluded already. */
  classConcluded: refusal([409], C.ClassConcluded, 'Esta turma já foi encerrada.'),
  /** Settings, attendance or a removal of a concluded class: it stays only to be read. */
  classReadOnly: refusal(
    [409],
    C.ClassReadOnly,
    'Esta turma foi encerrada: participantes, presença e configurações ficam apenas para consulta.',
  ),
  /** Attendance for a meeting that has not happened yet (content's attendance-meetings.ts). */
  meetingNotYet: refusal(
    [409],
    C.MeetingNotYet,
    'Este encontro ainda não aconteceu: a presença só pode ser marcada a partir de uma hora antes do início.',
    ({ start }: { start: string }) => notMarkableYetMessage(new Date(start)),
  ),
  /** A token issued before the person's session ended: reset, 'Sair' or deletion (decision 047). */
  sessionEnded: refusal([401], C.SessionEnded, sessionMessages.ended),
  /** 'Excluir minha conta' without a sign-in in the last minutes (decision 047). */
  recentSignInRequired: refusal([403], C.RecentSignInRequired, sessionMessages.signInToDelete),
  /** 'Avise-me quando abrir' asked of a course whose enrolment is open already. */
  enrolmentAlreadyOpen: refusal(
    [409],
    C.EnrolmentOpen,
    'As inscrições deste curso já estão abertas: faça a sua inscrição.',
  ),
  /** Enrolling without the courses the course requires (decision 061): `titles` names them. */
  prerequisiteMissing: refusal(
    [409],
    C.PrerequisiteMissing,
    prerequisiteMissingMessage(['os cursos anteriores']),
    // A person who took a required course here reads their own attendance (decision 077).
    ({ titles, attended }: { titles: readonly string[]; attended?: AttendedHere }) =>
      attended ? prerequisiteAttendedMessage(titles, attended) : prerequisiteMissingMessage(titles),
  ),
  /** A completion that does not exist (not a participant of that concluded class). */
  completionNotFound: refusal([404], C.NotFound, 'Conclusão não encontrada.'),
  /** A fourth message to a class within 24 hours (decision 063): when the next may go. */
  classMessageLimit: refusal(
    [429],
    C.TooManyRequests,
    'Esta turma já recebeu 3 mensagens nas últimas 24 horas. Tente novamente mais tarde.',
    ({ retryAt }: { retryAt: string }) =>
      `Esta turma já recebeu 3 mensagens nas últimas 24 horas. A próxima poderá ser enviada a partir de ${instantText(retryAt)}.`,
  ),
  /** A message to a class with nobody to receive it. */
  classWithoutRecipients: refusal(
    [409],
    C.Conflict,
    'Esta turma não tem ninguém para receber a mensagem.',
  ),
  /** 'Cancelar inscrição' after the last meeting of the person's class. */
  classEnded: refusal(
    [409],
    C.ClassEnded,
    'Este curso já terminou: não é mais possível cancelar a inscrição.',
  ),
  ...PHOTO_REFUSALS,
  /**
   * A staff role without an action that roles other than Coordenação have (Comunicação on the
   * participants, which Secretaria sees): 'Só a Coordenação' would not be true.
   */
  roleNotAllowed: refusal([403], C.Forbidden, 'Sua função não permite acessar esta área.'),
  /** 'Encerrar turma' before the last meeting, without confirming how many remain (decision 077). */
  classMeetingsRemain: refusal(
    [409],
    C.ClassMeetingsRemain,
    'Esta turma ainda tem encontros pela frente. Confirme de novo para encerrá-la mesmo assim.',
    ({ remaining, last }: { remaining: number; last: string }) =>
      `${remaining === 1 ? 'Ainda falta 1 encontro' : `Ainda faltam ${meetingCountText(remaining)}`} desta turma (o último em ${last}). Se encerrar agora, cada participante recebe o resultado só com a presença marcada até hoje. Confirme de novo para encerrar mesmo assim.`,
  ),
  /** 'Encerrar turma' before the first meeting: nobody could attend, nobody is given a result. */
  classNotStarted: refusal(
    [409],
    C.ClassNotStarted,
    'Esta turma ainda não começou: ninguém teve a chance de participar, e encerrá-la daria “Não concluiu” a todos. Ela pode ser encerrada a partir de uma hora antes do primeiro encontro, quando a presença pode ser marcada.',
  ),
  /** 'Reabrir turma' of a class that is not concluded. */
  classNotConcluded: refusal([409], C.Conflict, 'Esta turma não está encerrada.'),
  /** Reopening a class whose people hold a place (or wait) in another class of the course now. */
  classReopenConflict: refusal(
    [409],
    C.ClassReopenConflict,
    'Não é possível reabrir esta turma: alguns participantes já estão em outra turma do curso.',
    ({ people }: { people: number }) =>
      `Não é possível reabrir esta turma: ${people === 1 ? '1 participante já está' : `${people} participantes já estão`} em outra turma do curso.`,
  ),
  /**
   * A person's enrolments, cancellations and waiting-list changes in one course past the hourly
   * limit (decision 080): each one sends an e-mail and changes the course's group.
   */
  tooManyEnrolmentChanges: refusal(
    [429],
    C.TooManyRequests,
    'Você alterou sua inscrição neste curso muitas vezes em pouco tempo. Aguarde e tente novamente.',
    ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
      `Você alterou sua inscrição neste curso muitas vezes em pouco tempo. Aguarde ${waitMinutes(retryAfterSeconds)} e tente novamente.`,
  ),
  /** A staff member's people searches past the hourly limit (decision 081). */
  tooManyPeopleSearches: refusal(
    [429],
    C.TooManyRequests,
    'Muitas buscas de pessoas em pouco tempo. Aguarde e tente novamente.',
    ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
      `Muitas buscas de pessoas em pouco tempo. Aguarde ${waitMinutes(retryAfterSeconds)} e tente novamente.`,
  ),
  /** 'Alterar senha' in Perfil with a current password that does not match. */
  wrongCurrentPassword: refusal(
    [400],
    C.InvalidRequest,
    'A senha atual não confere. Digite a senha com que você entra no site.',
  ),
  /** 'Alterar senha' with a new password the sign-up would refuse (its sentence). */
  newPasswordRefused: refusal([400], C.InvalidRequest, 'Escolha outra senha.', own),
  /** 'Alterar senha' asked of a Microsoft account: its password changes on Microsoft's page. */
  passwordAtMicrosoft: refusal(
    [409],
    C.Conflict,
    'A senha da sua conta é alterada na página da Microsoft, não aqui.',
  ),
  ...CONTENT_LIMIT_REFUSALS,
  ...CLASS_PEOPLE_REFUSALS,
  /** The person's certificate of a class they did not complete, or someone else's (decision 094). */
  noCertificate: refusal(
    [404],
    C.NotFound,
    'Você não tem certificado de conclusão desta turma: ele existe só para quem concluiu o curso.',
  ),
  /** A verification code no certificate has (decision 094). */
  certificateNotFound: refusal(
    [404],
    C.NotFound,
    'Certificado não encontrado. Confira se o código foi digitado como está impresso no certificado.',
  ),
  /** Monitor(a) on anything but their classes' participants and attendance (decision 098). */
  monitorClassOnly: refusal(
    [403],
    C.Forbidden,
    'Como monitor(a), você só pode ver os participantes e marcar a presença das suas turmas.',
  ),
  /**
   * Monitor(a) on a class not given to them, or no longer: marks kept on their phone for a class
   * taken back are refused with it (decision 098).
   */
  monitorOtherClass: refusal(
    [403],
    C.Forbidden,
    'Você não é monitor(a) desta turma (ou deixou de ser): não pode ver os participantes nem marcar a presença dela.',
  ),
  /** A change to a date that is not one of the class's meetings (decision 091). */
  meetingNotFound: refusal([404], C.NotFound, 'Este encontro não existe nesta turma.'),
  /**
   * A change to a meeting that has begun (attendance may be marked from an hour before), or to a
   * date and time already past: attendance keeps its meetings' numbers (decision 091).
   */
  meetingPast: refusal(
    [409],
    C.Conflict,
    'Só encontros que ainda não começaram podem ser mudados, e para uma data futura.',
  ),
  /** A recess that has begun, or ends before it starts (decision 092). */
  recessPast: refusal([409], C.Conflict, 'O recesso precisa começar numa data futura.'),
  /** A recess removed or unknown. */
  recessNotFound: refusal([404], C.NotFound, 'Recesso não encontrado.'),
} as const;

export type RefusalName = keyof typeof REFUSALS;
