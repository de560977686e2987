/**
 * The confirmation that a person deleted their account and data ('Excluir minha conta'): sent to the addresses the centre held, so a deletion nobody asked for is noticed. No
 * link to follow and nothing of the deleted data beyond the name the person gave. Pure.
 */
import type { MailMessage } from '../types.js';
import { layout, type MessageCentre, Paragraph, textLayout } from './layout.js';

export interface AccountDeletedInput {
  centre: MessageCentre;
  to: string;
  personName?: string;
  /**
   * Whether the sign-in account went too (built-in provider); false with Microsoft Entra ID, whose
   * account stays in the centre's tenant.
   */
  accountDeleted: boolean;
}

export function accountDeleted(input: AccountDeletedInput): MailMessage {
  const { centre } = input;
  const subject = 'Sua conta foi excluída';
  const reason =
    'Você recebeu esta mensagem porque este e-mail pertencia a uma conta em nosso site.';
  const hello = input.personName?.trim() ? `Olá, ${input.personName.trim()}!` : 'Olá!';
  const what = input.accountDeleted
    ? 'Confirmamos a exclusão da sua conta e de todos os seus dados: inscrições, posições em listas de espera e registros de presença.'
    : `Confirmamos a exclusão dos seus dados: inscrições, posições em listas de espera e registros de presença. A sua conta de acesso continua no diretório do centro (Microsoft Entra ID): para excluí-la, escreva para ${centre.email}.`;
  const notYou = `Se não foi você, escreva para ${centre.email}.`;
  const body = (
    <>
      <Paragraph>{hello}</Paragraph>
      <Paragraph>{what}</Paragraph>
      <Paragraph>{notYou}</Paragraph>
    </>
  );
  return {
    kind: 'account-deleted',
    to: input.to,
    subject,
    html: layout({ centre, title: subject, preheader: what, body, reason }),
    text: textLayout(centre, [hello, '', what, '', notYou], reason),
    attachments: [],
  };
}
