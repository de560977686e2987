/** The participant's own space: its pt-BR texts, shared by the course page and the profile. */
export const participantMessages = {
  enrolled: 'Você está inscrito(a) neste curso.',
  /** Enrolled in a course whose last meeting is over: nothing left to cancel. */
  ended: 'Este curso já terminou. Você esteve inscrito(a) nele.',
  pending: 'Sua inscrição está sendo confirmada. Atualize a página em alguns instantes.',
  waiting: (position: number) => `Você está na lista de espera (posição ${position}).`,
  whatsapp: 'Entre em nosso grupo de WhatsApp',
  cancel: 'Cancelar inscrição',
  cancelQuestion:
    'Cancelar sua inscrição neste curso? Sua vaga passa para a próxima pessoa da lista de espera.',
  cancelConfirm: 'Confirmar cancelamento',
  keep: 'Manter inscrição',
  cancelled: 'Inscrição cancelada.',
  join: 'Entrar na lista de espera',
  joined: 'Você entrou na lista de espera.',
  leave: 'Sair da lista de espera',
  left: 'Você saiu da lista de espera.',
  failed: 'Erro ao carregar dados. Por favor tente novamente!',
  alert: 'Avise-me quando abrir',
  alertDone: 'Pronto! Enviaremos um e-mail quando as inscrições abrirem.',
  alertAsked: 'Você receberá um e-mail quando as inscrições deste curso abrirem.',
  alertCancel: 'Não quero mais o aviso',
  alertCancelled: 'Aviso cancelado.',
  /** A completed class's certificate of completion (decision 094). */
  certificate: 'Baixar certificado (PDF)',
} as const;
