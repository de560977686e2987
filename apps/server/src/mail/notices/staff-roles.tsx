/**
 * A staff role given to the person or taken back from them, told by e-mail: the role, what it
 * allows, and for Monitor(a) the class it is of (decision 098). No name: the account's address
 * may be one nobody proved (decision 046), and the message says nothing a stranger could use.
 */
import type { StaffRoleName } from '@centro/contracts';
import type { MailMessage } from '../types.js';
import type { MessageCentre } from '../messages/layout.js';
import { httpUrl } from '../messages/links.js';
import { greeting, render } from './notices.js';

/** The staff roles by name, as the staff area shows them. */
export const ROLE_LABELS: Readonly<Record<StaffRoleName, string>> = {
  coordenacao: 'Coordenação',
  secretaria: 'Secretaria',
  comunicacao: 'Comunicação',
  monitor: 'Monitor(a)',
};

const ROLE_MEANS: Readonly<Record<StaffRoleName, string>> = {
  coordenacao:
    'Com ela você vê os cursos e seus inscritos, exporta as listas, marca a presença, muda as configurações dos cursos (vagas, inscrições, encontros), remove inscrições, edita o conteúdo do site e dá funções a outras pessoas.',
  secretaria:
    'Com ela você vê os cursos e seus inscritos, exporta as listas e marca a presença nos encontros.',
  comunicacao:
    'Com ela você edita e publica o conteúdo do site, sem acesso aos dados dos inscritos.',
  monitor:
    'Com ela você vê os participantes desta turma e marca a presença nos encontros dela, sem acesso às outras turmas nem às outras partes da área da equipe.',
};

/** A monitor's class: the course's title and the class's name. */
export interface RoleClass {
  course: string;
  name: string;
}

export interface StaffRoleGrantedInput {
  centre: MessageCentre;
  to: string;
  role: StaffRoleName;
  /** Monitor(a)'s class (absent for the roles of the whole centre). */
  class?: RoleClass | undefined;
  /** Absolute address of the staff area. */
  staffUrl: string;
}

/** "Secretaria", or "Monitor(a) do curso Passe (Turma 2027/1)": class names say 'Turma'. */
function roleText(role: StaffRoleName, of: RoleClass | undefined): string {
  const label = ROLE_LABELS[role];
  return of ? `${label} do curso ${of.course} (${of.name})` : label;
}

/** A coordinator gave the person a staff role (for a monitor, of one class). */
export function staffRoleGranted(input: StaffRoleGrantedInput): MailMessage {
  const staffUrl = httpUrl(input.staffUrl);
  return render(input.centre, {
    kind: 'staff-role-granted',
    to: input.to,
    subject: `Você agora faz parte da equipe: ${ROLE_LABELS[input.role]}`,
    reason:
      'Você recebeu esta mensagem porque a coordenação do centro lhe deu uma função na equipe do site.',
    blocks: [
      greeting(undefined),
      `A coordenação do centro deu a você a função ${roleText(input.role, input.class)} na área da equipe do nosso site.`,
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
 * A coordinator took a staff role back from the person (for a monitor, of one class): they learn
 * it rather than find the area closed.
 */
export function staffRoleRevoked(input: StaffRoleRevokedInput): MailMessage {
  return render(input.centre, {
    kind: 'staff-role-revoked',
    to: input.to,
    subject: `Sua função na equipe foi retirada: ${ROLE_LABELS[input.role]}`,
    reason:
      'Você recebeu esta mensagem porque a coordenação do centro retirou uma função sua na equipe do site.',
    blocks: [
      greeting(undefined),
      `A coordenação do centro retirou a sua função ${roleText(input.role, input.class)} na área da equipe do nosso site.`,
      ...(input.class
        ? [
            'As presenças que ainda estiverem guardadas no seu celular para esta turma não serão mais aceitas.',
          ]
        : []),
      'Sua conta continua a mesma: você segue podendo entrar no site e se inscrever nos cursos.',
      'Se você acha que isso foi um engano, responda a esta mensagem.',
    ],
  });
}
