/**
 * 'Meus dados' for reading: the same data as the JSON download
 * (GET /api/me/data), as sections of pt-BR labels and values, every instant on São Paulo's clock.
 * Pure: the screen (components/my-data-view.tsx) only lays it out.
 */
import type { MyData } from '@centro/contracts';
import { MEETING_TIME_ZONE } from '@centro/content/site';
import { enrolmentStateText, isCurrent } from './format';

export interface ReadableSection {
  title: string;
  /** Label and value pairs (one item), or one line per item of a list. */
  rows: readonly (readonly [string, string])[];
  /** Shown when the section holds nothing. */
  empty: string;
}

const clock = new Intl.DateTimeFormat('pt-BR', {
  timeZone: MEETING_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '06/03/2027, 17h30' on São Paulo's clock; '—' when unknown. */
export function readableInstant(instant: string | null): string {
  if (!instant || Number.isNaN(Date.parse(instant))) return '—';
  const p = Object.fromEntries(
    clock.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return `${p.day}/${p.month}/${p.year}, ${p.hour}h${p.minute}`;
}

const value = (text: string | null) => (text?.trim() ? text : '—');

/** What the centre's staff did with the person's data, in the person's words. */
const STAFF_ACTIONS: Readonly<Record<string, string>> = {
  'participants.view': 'Viu a lista de participantes com seus dados',
  'export.csv': 'Baixou uma lista com seus dados (CSV)',
  'export.xlsx': 'Baixou a lista de participantes com seus dados (Excel)',
  'attendance.view': 'Viu a lista de presença com seu nome',
  'attendance.update': 'Marcou sua presença ou falta',
  'attendance.checkIn': 'Leu o QR code da sua inscrição na entrada',
  'completions.view': 'Viu as conclusões do curso com seu nome',
  'people.view': 'Encontrou seu cadastro numa busca',
  'participant.remove': 'Removeu você do curso',
  'participant.move': 'Mudou você de turma',
  'role.grant': 'Concedeu uma função a você',
  'role.revoke': 'Retirou uma função sua',
  'prerequisite.exception': 'Liberou sua inscrição sem pré-requisito',
  'completion.change': 'Alterou sua conclusão do curso',
  'desk.enrol': 'Inscreveu você no balcão',
  'attendance.walk-in': 'Recebeu você num encontro sem inscrição',
  'desk.new-code': 'Gerou um novo código para você assumir a inscrição do balcão',
  'account.delete': 'Conta excluída',
};

const ROLES: Readonly<Record<string, string>> = {
  coordenacao: 'Coordenação',
  secretaria: 'Secretaria',
  comunicacao: 'Comunicação',
  monitor: 'Monitor(a)',
};

/** Who acted, by role (decision 078): the staff member's name is their own data. */
const byRole = (role: MyData['staffActions'][number]['role']) => {
  if (role === null) return 'pela equipe';
  // A class's monitor (decision 098): "pelo(a)", as the role's name.
  return role === 'monitor' ? 'pelo(a) monitor(a) da turma' : `pela ${ROLES[role] ?? role}`;
};

/** Who granted an exception (decision 061) or recorded a consent at the desk, by role. */
const BY_DESK: Readonly<Record<'secretaria-ou-coordenacao', string>> = {
  'secretaria-ou-coordenacao': 'pela secretaria ou coordenação',
};

/** Where an e-mail to the person stands in the outbox. */
const MESSAGE_STATUS: Readonly<Record<MyData['messages'][number]['status'], string>> = {
  pending: 'Aguardando envio',
  sending: 'Sendo enviado',
  sent: 'Enviado',
  failed: 'Não pôde ser enviado',
};

/** A certificate's code and where it is checked, or that it no longer holds (decision 094). */
function certificateText(c: MyData['certificates'][number]): string {
  const issued = `Código ${c.code}, emitido em ${readableInstant(c.issuedAt)}`;
  if (!c.valid) {
    // The words of the public check (`/certificados/<código>`) for a withdrawn one.
    return `${issued}; inválido${c.withdrawnAt ? ` desde ${readableInstant(c.withdrawnAt)}` : ''}`;
  }
  return `${issued}; conclusão em ${readableInstant(c.concludedAt)}; confira em ${c.verifyUrl}`;
}

export function readableMyData(data: MyData): ReadableSection[] {
  const { account } = data;
  const titleOf = new Map([
    ...data.enrolments.map((e) => [e.course, e.title] as const),
    ...data.waitingList.map((w) => [w.course, w.title] as const),
    ...data.history.map((h) => [h.course, h.title] as const),
    ...data.prerequisiteExceptions.map((x) => [x.course, x.title] as const),
    ...data.certificates.map((c) => [c.course, c.title] as const),
  ]);
  const course = (slug: string | null) => (slug ? (titleOf.get(slug) ?? slug) : '—');
  return [
    {
      title: 'Cadastro',
      empty: '',
      rows: [
        ['Nome', value(account.name)],
        ['E-mail de acesso', value(account.signInEmail)],
        ['E-mail', value(account.mail)],
        ['Celular', value(account.phone)],
        ['Data de nascimento', value(account.birthDate)],
        ['Conta criada em', readableInstant(account.createdAt)],
        ['E-mail confirmado em', readableInstant(account.emailVerifiedAt)],
        ['Aceite do aviso de privacidade', readableInstant(data.consentAt)],
        ['Identificador', account.id],
      ],
    },
    {
      title: 'Inscrição feita no balcão',
      empty: 'Nenhuma inscrição feita no balcão.',
      rows: data.deskConsents.flatMap((d): [string, string][] => [
        ['Nome informado', value(d.name)],
        ['Celular informado', value(d.phone)],
        ['E-mail informado', value(d.mail)],
        [
          'Consentimento dado pessoalmente',
          `Em ${readableInstant(d.consentAt)}, registrado ${BY_DESK[d.recordedBy]}`,
        ],
        ['Texto lido para você', d.consentText],
        ['Vinculada à sua conta em', readableInstant(d.claimedAt)],
      ]),
    },
    {
      title: 'Inscrições',
      empty: 'Nenhuma inscrição.',
      rows: data.enrolments.map((e) => [
        e.turma ? `${e.title} (${e.turma})` : e.title,
        `${e.status === 'confirmed' ? 'Confirmada' : 'Em confirmação'} desde ${readableInstant(e.enrolledAt)}${
          e.promotedAt ? ` (vaga da lista de espera em ${readableInstant(e.promotedAt)})` : ''
        }${e.checkInCode ? `; QR code de entrada em 'Minhas inscrições'` : ''}`,
      ]),
    },
    {
      title: 'Listas de espera',
      empty: 'Nenhuma lista de espera.',
      rows: data.waitingList.map((w) => [
        w.title,
        `Posição ${w.position}, desde ${readableInstant(w.joinedAt)}`,
      ]),
    },
    {
      title: 'Turmas (atuais e anteriores)',
      empty: 'Nenhuma turma.',
      rows: data.history.map((h) => [
        h.turma ? `${h.title} (${h.turma})` : h.title,
        `${enrolmentStateText(h)}, ${isCurrent(h.state) ? 'desde' : 'em'} ${readableInstant(h.since)}${
          h.changeReason ? ` (alterado pela coordenação: ${h.changeReason})` : ''
        }`,
      ]),
    },
    {
      title: 'Certificados',
      empty: 'Nenhum certificado emitido.',
      rows: data.certificates.map((c) => [
        c.turma ? `${c.title} (${c.turma})` : c.title,
        certificateText(c),
      ]),
    },
    {
      title: 'Inscrições liberadas sem pré-requisito',
      empty: 'Nenhuma inscrição liberada.',
      rows: data.prerequisiteExceptions.map((x) => [
        x.title,
        `Liberada ${BY_DESK[x.grantedBy]} em ${readableInstant(x.grantedAt)}`,
      ]),
    },
    {
      title: 'Avisos de abertura de inscrições',
      empty: 'Nenhum aviso pedido.',
      rows: data.openingAlerts.map((o) => [o.title, `Pedido em ${readableInstant(o.createdAt)}`]),
    },
    {
      title: 'Presenças',
      empty: 'Nenhum registro de presença.',
      rows: data.attendance.map((a) => [
        `${course(a.course)}${a.turma ? ` (${a.turma})` : ''}, encontro ${a.meeting}`,
        `${a.present ? 'Presente' : 'Ausente'} (marcado em ${readableInstant(a.markedAt)})`,
      ]),
    },
    {
      title: 'E-mails para você',
      empty: 'Nenhum e-mail guardado.',
      rows: data.messages.map((m) => [
        m.subject ?? 'E-mail com assunto definido no envio',
        m.sentAt
          ? `${MESSAGE_STATUS[m.status]} em ${readableInstant(m.sentAt)}`
          : `${MESSAGE_STATUS[m.status]} desde ${readableInstant(m.createdAt)}`,
      ]),
    },
    {
      title: 'Ações da equipe sobre seus dados',
      empty: 'Nenhuma ação da equipe.',
      rows: data.staffActions.map((s) => [
        readableInstant(s.at),
        `${STAFF_ACTIONS[s.action] ?? 'Uma ação da equipe'}${
          s.course ? ` (${s.title ?? course(s.course)})` : ''
        }, ${byRole(s.role)}${s.count > 1 ? ` (${s.count} vezes)` : ''}`,
      ]),
    },
    {
      title: 'Funções na equipe',
      empty: 'Nenhuma função.',
      rows: data.staffRoles.map((r) => [ROLES[r] ?? r, 'Sim']),
    },
  ];
}
