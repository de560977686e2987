/** The staff area's pt-BR texts, shared by its views and their tests. */
import type { StaffActionName, StaffCourseSettings, StaffRoleName } from '@centro/contracts';
import { PEOPLE_QUERY_MESSAGE } from '@centro/contracts/people-query';

export const STAFF_TITLE = 'Equipe';

export const roleLabels: Record<StaffRoleName, string> = {
  coordenacao: 'Coordenação',
  secretaria: 'Secretaria',
  comunicacao: 'Comunicação',
  monitor: 'Monitor(a)',
};

/** The texts of a course's classes: 'Nova turma' and 'Encerrar turma'. */
export const classMessages = {
  readOnly: 'Turma concluída: participantes, presença e configurações ficam apenas para consulta.',
  concludeExplained:
    'Ao encerrar, a turma deixa de ocupar vagas e não recebe mais inscrições. Os participantes e a presença continuam guardados, apenas para consulta, e não poderão mais ser alterados. Cada participante recebe “Concluiu” ou “Não concluiu” conforme a presença (pelo menos 75% dos encontros).',
  reopenExplained:
    'Use só se a turma foi encerrada por engano. Os resultados (“Concluiu” ou “Não concluiu”) dos participantes são retirados, e cada um recebe um e-mail avisando. A turma volta a andar, sem receber inscrições, e pode ser encerrada de novo depois.',
  reopened: (name: string) => `${name} reaberta. Os participantes foram avisados por e-mail.`,
  newClassHint:
    'Preenchida como em “Preparar próximo semestre”: a partir da turma mais recente, no próximo semestre, sem os recessos, e com as inscrições abrindo tão antes do primeiro encontro quanto nela. A turma começa planejada e sem vagas ocupadas.',
  opensAtHint: 'Horário de Brasília. Vazio: as inscrições abrem desde já.',
  closesAtHint: 'Horário de Brasília. Vazio: sem data de encerramento.',
} as const;

/** After 'Encerrar turma': how many concluded. */
export function concludedMessage(name: string, concluded: number, notConcluded: number): string {
  const people = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (concluded + notConcluded === 0) return `${name} encerrada. Não havia participantes.`;
  return `${name} encerrada: ${people(concluded, 'participante concluiu', 'participantes concluíram')} e ${people(notConcluded, 'não concluiu', 'não concluíram')}.`;
}

export const statusLabels = { pending: 'Em andamento', confirmed: 'Confirmada' } as const;

/** What each recorded action is called in the record (the server's action names). */
export const actionLabels: Record<StaffActionName, string> = {
  'overview.view': 'Viu a visão geral dos cursos',
  'participants.view': 'Viu a lista de participantes',
  'export.csv': 'Exportou a lista (CSV)',
  'export.xlsx': 'Exportou a lista (Excel)',
  'settings.view': 'Viu as configurações do curso',
  'settings.update': 'Alterou as configurações do curso',
  'participant.remove': 'Removeu um participante',
  'participant.move': 'Moveu um participante de turma',
  'attendance.view': 'Viu a presença de um encontro',
  'attendance.update': 'Marcou a presença de um encontro',
  'attendance.checkIn': 'Leu o QR code de uma pessoa na entrada',
  'roles.view': 'Viu as funções da equipe',
  'content.save': 'Publicou uma alteração do conteúdo do site',
  'class.create': 'Criou uma turma',
  'class.open': 'Abriu as inscrições de uma turma',
  'class.conclude': 'Encerrou uma turma',
  'class.reopen': 'Reabriu uma turma encerrada',
  'class.message': 'Enviou uma mensagem à turma',
  'class.meetings': 'Mudou um encontro da turma',
  'recess.create': 'Cadastrou um recesso',
  'recess.remove': 'Removeu um recesso',
  'term.prepare': 'Preparou o próximo semestre',
  'role.grant': 'Concedeu uma função',
  'role.revoke': 'Retirou uma função',
  'actions.view': 'Viu o registro de ações',
  'account.delete': 'Uma pessoa excluiu a própria conta',
  'prerequisites.view': 'Viu os pré-requisitos do curso',
  'prerequisites.update': 'Alterou os pré-requisitos do curso',
  'prerequisite.exception': 'Liberou a inscrição de uma pessoa sem os pré-requisitos',
  'people.view': 'Buscou uma pessoa pelo e-mail, celular ou nome',
  'completions.view': 'Viu as conclusões do curso',
  'completion.change': 'Alterou a conclusão de um participante',
  'desk.enrol': 'Inscreveu uma pessoa no balcão',
  'attendance.walk-in': 'Recebeu uma pessoa sem inscrição num encontro',
};

/** The prerequisites and completions (decision 061). */
export const prerequisiteMessages = {
  none: 'Este curso não tem pré-requisitos: qualquer pessoa pode se inscrever.',
  byDefault: '(Padrão do curso.)',
  byStaff: '(Definido pela Coordenação.)',
  saved: 'Pré-requisitos salvos.',
  releaseHint:
    'Para quem já concluiu os cursos exigidos em outra casa: a pessoa poderá se inscrever neste curso mesmo sem as conclusões registradas aqui.',
  searchTooBroad: PEOPLE_QUERY_MESSAGE,
  granted: (name: string) => `Inscrição liberada para ${name}.`,
  reasonRequired: 'Informe o motivo da alteração.',
  completionChanged: 'Conclusão alterada.',
} as const;

/** The course settings' names, as the settings form calls them. */
export const settingLabels: Record<keyof StaffCourseSettings, string> = {
  places: 'Vagas',
  inviteCode: 'Código de convite do grupo de WhatsApp',
  opensAt: 'Abertura das inscrições',
  closesAt: 'Encerramento das inscrições',
  firstMeeting: 'Primeiro encontro',
  time: 'Horário dos encontros',
  count: 'Número de encontros',
  durationMinutes: 'Duração de cada encontro (minutos)',
  room: 'Local',
};

export const staffMessages = {
  loadFailed: 'Não foi possível carregar os dados. Tente novamente.',
  saveFailed: 'Não foi possível salvar. Tente novamente.',
  settingsSaved: 'Configurações salvas.',
  contentPublished: 'Horários publicados.',
  noticesPublished: 'Avisos publicados.',
  photoPublished: 'Foto publicada.',
  attendanceSaved: 'Presença salva.',
  attendanceQueued:
    'Sem conexão: a presença ficou guardada neste aparelho e será enviada quando a conexão voltar.',
  removed: 'Participante removido. A vaga foi liberada.',
  moved: 'Participante movido para a outra turma. A pessoa recebeu os novos encontros por e-mail.',
  roleGranted: 'Função concedida.',
  roleRevoked: 'Função retirada. Avisamos a pessoa por e-mail.',
  exportFailed: 'Não foi possível baixar o arquivo. Tente novamente.',
} as const;

/** After 'Marcar todos': what was saved, and how to undo it for anyone who did not come. */
/** Marks kept on this device, not yet sent (decision 089). */
export function pendingMessage(count: number): string {
  return count === 1
    ? '1 marcação a enviar: fica guardada neste aparelho e será enviada quando a conexão voltar.'
    : `${count} marcações a enviar: ficam guardadas neste aparelho e serão enviadas quando a conexão voltar.`;
}

export function markedAllMessage(count: number, meeting: number): string {
  const who =
    count === 1
      ? `1 participante marcado como presente`
      : `${count} participantes marcados como presentes`;
  return `${who} no ${meeting}º encontro. Se alguém faltou, desmarque o nome e clique em “Salvar presença”.`;
}
