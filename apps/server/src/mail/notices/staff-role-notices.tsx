/**
 * The notices of a staff role given to a person or taken back (decision 055): what the role means
 * and where the staff area is; never a name.
 */
import type { MailMessage } from '../types.js';
import { type MessageCentre } from '../messages/layout.js';
import { httpUrl } from '../messages/links.js';

import { greeting, render } from './notice-layout.js';

/** The staff roles by name, as the staff area shows them. */
export const ROLE_LABELS = {
  coordenacao: 'Coordenação',
  secretaria: 'Secretaria',
  comunicacao: 'Comunicação',
} as const;

const ROLE_MEANS = {
  coordenacao:
    'Com ela você vê os cursos e seus inscritos, exporta as listas, marca a presença, muda as configurações dos cursos (vagas, inscrições, encontros), remove inscrições, edita o conteúdo do site e dá funções a outras pessoas.',
  secretaria:
    'Com ela você vê os cursos e seus inscritos, exporta as listas e marca a presença nos encontros.',
  comunicacao:
    'Com ela você edita e publica o conteúdo do site, sem acesso aos dados dos inscritos.',
} as const;

export interface StaffRoleGrantedInput {
  centre: MessageCentre;
  to: string;
  role: keyof typeof ROLE_LABELS;
  /** Absolute address of the staff area. */
  staffUrl: string;
}

/**
 * A coordinator gave the person a staff role. No name: the account's address may be one nobody
 * proved (decision 046), and the message says nothing a stranger could use.
 */
export function staffRoleGranted(input: StaffRoleGrantedInput): MailMessage {
  const staffUrl = httpUrl(input.staffUrl);
  const label = ROLE_LABELS[input.role];
  return render(input.centre, {
    kind: 'staff-role-granted',
    to: input.to,
    subject: `Você agora faz parte da equipe: ${label}`,
    reason:
      'Você recebeu esta mensagem porque a coordenação do centro lhe deu uma função na equipe do site.',
    blocks: [
      greeting(undefined),
      `A coordenação do centro deu a você a função ${label} na área da equipe do nosso site.`,
      ROLE_MEANS[input.role],
      'Para começar, entre no site com a sua conta e abra a área da equipe:',
      { button: 'Abrir a área da equipe', href: staffUrl },
      'Os dados das pessoas que você verá lá são pessoais: use-os só para o trabalho do centro.',
      'Se você não esperava esta função, responda a esta mensagem.',
    ],
  });
}

export type StaffRoleRevokedInput = Omit<StaffRoleGrantedInput, 'staffUrl'>;

/**
 * A coordinator took a staff role back from the person: they learn it rather than find the area
 * closed. No name, as for the grant (decision 046).
 */
export function staffRoleRevoked(input: StaffRoleRevokedInput): MailMessage {
  const label = ROLE_LABELS[input.role];
  return render(input.centre, {
    kind: 'staff-role-revoked',
    to: input.to,
    subject: `Sua função na equipe foi retirada: ${label}`,
    reason:
      'Você recebeu esta mensagem porque a coordenação do centro retirou uma função sua na equipe do site.',
    blocks: [
      greeting(undefined),
      `A coordenação do centro retirou a sua função ${label} na área da equipe do nosso site.`,
      'Sua conta continua a mesma: você segue podendo entrar no site e se inscrever nos cursos.',
      'Se você acha que isso foi um engano, responda a esta mensagem.',
    ],
  });
}
