/**
 * What the desk and the door say (decisions 095 and 096), and the sentences of their outcomes:
 * pure, so they are tested without a screen.
 */

export const deskTexts = {
  tab: 'Inscrever no balcão',
  intro:
    'Inscreva quem telefonou ou veio à secretaria. Vagas, lista de espera, pré-requisitos e e-mails funcionam como na inscrição pelo site.',
  hasAccount: 'Já tem cadastro no site',
  noAccount: 'Ainda não tem cadastro',
  search: 'E-mail, celular ou nome e sobrenome',
  searchButton: 'Buscar',
  noneFound:
    'Nenhuma pessoa encontrada. Confira o que digitou ou inscreva como pessoa sem cadastro.',
  choose: (name: string) => `Escolher ${name}`,
  chosen: (name: string) => `Pessoa escolhida: ${name}`,
  name: 'Nome e sobrenome',
  phone: 'Celular com DDD',
  email: 'E-mail (opcional)',
  emailHint: 'Com este e-mail confirmado, a pessoa encontra a inscrição ao criar a conta no site.',
  readAloud: 'Leia para a pessoa:',
  agreed: 'A pessoa ouviu e concordou',
  consentMissing: 'Leia o texto para a pessoa e marque que ela concordou.',
  release: 'Liberar inscrição sem os pré-requisitos do curso',
  enrol: 'Inscrever',
  walkIn: 'Chegou sem inscrição',
  walkInIntro:
    'Se houver vaga na turma, a pessoa é inscrita e marcada como presente. Sem vaga, ela fica como visitante deste encontro, contada à parte.',
  walkInAdd: 'Adicionar',
  cancel: 'Cancelar',
  guests: 'Visitantes deste encontro (não contam na presença nem na conclusão)',
} as const;

/** What the desk did, in a sentence for the volunteer. */
export function deskOutcome(
  name: string,
  answer: { state: 'enrolled' | 'waiting'; position: number | null; alreadyEnrolled: boolean },
): string {
  if (answer.state === 'waiting') {
    return `A turma está lotada: ${name} entrou na lista de espera, na posição ${answer.position ?? '?'}. Avisaremos por e-mail se surgir vaga.`;
  }
  if (answer.alreadyEnrolled) return `${name} já tinha vaga nesta turma.`;
  return `${name} foi inscrita(o) nesta turma.`;
}

/** What the door did with a walk-in. */
export function walkInOutcome(name: string, state: 'enrolled' | 'guest'): string {
  return state === 'enrolled'
    ? `${name} foi inscrita(o) na turma e marcada(o) como presente.`
    : `Não havia vaga: ${name} ficou como visitante deste encontro.`;
}
