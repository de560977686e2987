/**
 * What happens to a person, told in a few lines (decision 055): their cancellation, their place on
 * a waiting list, a removal by staff, a change of the course's meetings (with a new calendar file),
 * the opening of an enrolment they asked to be told about, and the reminder two days before a class
 * starts (decision 058). The promotion from a waiting list is the confirmation with its own
 * opening (messages.tsx); a staff role given or taken back is staff-roles.tsx. Each says what it
 * means and what to do. Pure, like the other messages: built from one list of blocks, so the HTML
 * and the plain text say the same.
 */
import {
  type Course,
  firstHeldMeeting,
  formatFirstMeeting,
  formatMeetingChanges,
  heldMeetings,
  type MeetingRule,
  groupLinkOf,
  formatMeetingCount,
  formatMeetingPlace,
  formatTime,
  formatWeeklySlot,
  weekdayNames,
  weekdayOf,
} from '@centro/content';
import { meetingCountText } from '@centro/contracts';
import type { CourseCalendarInput } from '../../calendar/course-calendar.js';
import { courseCalendarAttachment } from '../calendar-attachment.js';
import type { MailAttachment, MailMessage, NoticeKind } from '../types.js';
import {
  Button,
  layout,
  type MessageCentre,
  Notice,
  Paragraph,
  textLayout,
} from '../messages/layout.js';
import { httpUrl } from '../messages/links.js';

/** A part of a notice: a paragraph, the meetings in a box, a link on its own line, or a button. */
export type Block =
  | string
  | { meetings: string[] }
  | { link: string; before: string }
  | { button: string; href: string };

interface NoticeParts {
  kind: NoticeKind;
  to: string;
  subject: string;
  /** Why the person receives it (footer). */
  reason: string;
  blocks: Block[];
  attachments?: MailAttachment[];
}

/** "Olá, Ana!" or "Olá!" when the name is unknown (or must not be used: decision 046). */
export const greeting = (name: string | undefined) =>
  name?.trim() ? `Olá, ${name.trim()}!` : 'Olá!';

export function render(centre: MessageCentre, parts: NoticeParts): MailMessage {
  const [first = ''] = parts.blocks.filter((b): b is string => typeof b === 'string').slice(1);
  const html = parts.blocks.map((block, i) => {
    if (typeof block === 'string') return <Paragraph key={i}>{block}</Paragraph>;
    if ('meetings' in block) {
      return (
        <Notice key={i}>
          {block.meetings.map((line, j) => (
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </Notice>
      );
    }
    if ('link' in block) {
      return (
        <Paragraph key={i}>
          {block.before} <a href={block.link}>{block.link}</a>
        </Paragraph>
      );
    }
    return (
      <Button key={i} href={block.href}>
        {block.button}
      </Button>
    );
  });
  const text = parts.blocks.flatMap((block) => {
    if (typeof block === 'string') return [block, ''];
    if ('meetings' in block) return [...block.meetings, ''];
    if ('link' in block) return [block.before, block.link, ''];
    return [`${block.button}: ${block.href}`, ''];
  });
  return {
    kind: parts.kind,
    to: parts.to,
    subject: parts.subject,
    html: layout({
      centre,
      title: parts.subject,
      preheader: first,
      body: <>{html}</>,
      reason: parts.reason,
    }),
    text: textLayout(centre, text.slice(0, -1), parts.reason),
    attachments: parts.attachments ?? [],
  };
}

/** What every notice about a place in a course knows. */
export interface CourseNoticeInput {
  centre: MessageCentre;
  to: string;
  personName: string;
  course: Pick<Course, 'slug' | 'programme' | 'title' | 'meetings'>;
  programmeName: string;
  /** Absolute address of the course page. */
  courseUrl: string;
}

const named = (input: CourseNoticeInput) => `${input.course.title} (${input.programmeName})`;
const inCourse = (input: CourseNoticeInput, of: 'no' | 'do') =>
  `${of} curso ${input.course.title}, do programa ${input.programmeName}`;

/** The person gave their place back ('Cancelar inscrição'). */
export function enrolmentCancelled(input: CourseNoticeInput): MailMessage {
  const courseUrl = httpUrl(input.courseUrl);
  return render(input.centre, {
    kind: 'enrolment-cancelled',
    to: input.to,
    subject: `Inscrição cancelada: ${named(input)}`,
    reason: `Você recebeu esta mensagem porque cancelou sua inscrição no curso ${input.course.title} pelo nosso site.`,
    blocks: [
      greeting(input.personName),
      `Sua inscrição ${inCourse(input, 'no')}, foi cancelada, como você pediu. A sua vaga passou para outra pessoa.`,
      'Se você tinha incluído os encontros na sua agenda, pode apagá-los. Você também pode sair do grupo de WhatsApp do curso.',
      {
        before:
          'Mudou de ideia? Enquanto houver vagas, você pode se inscrever de novo na página do curso:',
        link: courseUrl,
      },
      'Se não foi você quem cancelou, responda a esta mensagem.',
    ],
  });
}

/** The person joined the course's waiting list, at `position`. */
export function waitingListJoined(input: CourseNoticeInput & { position: number }): MailMessage {
  const courseUrl = httpUrl(input.courseUrl);
  if (!Number.isInteger(input.position) || input.position < 1) {
    throw new Error('A position on the waiting list is a whole number from 1');
  }
  return render(input.centre, {
    kind: 'waiting-list-joined',
    to: input.to,
    subject: `Lista de espera: ${named(input)}`,
    reason: `Você recebeu esta mensagem porque entrou na lista de espera do curso ${input.course.title} pelo nosso site.`,
    blocks: [
      greeting(input.personName),
      `Você está na lista de espera ${inCourse(input, 'do')}. Sua posição na fila: ${input.position}º.`,
      'Quando uma vaga abrir, ela vai para a primeira pessoa da fila. Quando chegar a sua vez, a vaga será sua sem que você precise fazer nada, e enviaremos um e-mail confirmando.',
      {
        before: 'Se não quiser mais esperar, saia da lista na página do curso:',
        link: courseUrl,
      },
    ],
  });
}

/** Staff removed the person's place ('Remover' in the staff area). */
export function enrolmentRemoved(input: CourseNoticeInput): MailMessage {
  const courseUrl = httpUrl(input.courseUrl);
  return render(input.centre, {
    kind: 'enrolment-removed',
    to: input.to,
    subject: `Inscrição encerrada: ${named(input)}`,
    reason: `Você recebeu esta mensagem porque estava inscrito(a) no curso ${input.course.title}.`,
    blocks: [
      greeting(input.personName),
      `A equipe do centro encerrou sua inscrição ${inCourse(input, 'no')}. Você não está mais na turma, e a vaga passou para outra pessoa.`,
      `Se acha que foi um engano ou quer saber o motivo, responda a esta mensagem ou escreva para ${input.centre.email}.`,
      {
        before: 'Você pode se inscrever de novo enquanto houver vagas, na página do curso:',
        link: courseUrl,
      },
    ],
  });
}

/**
 * The class's WhatsApp invite, saved by Coordenação after the person was told 'O link do grupo de
 * WhatsApp da turma será enviado a você mais tarde' (decision 077). Null: no invite in effect now.
 */
export function classInvite(
  input: CourseNoticeInput & { course: Pick<Course, 'inviteCode'> },
): MailMessage | null {
  const link = groupLinkOf(input.course.inviteCode);
  if (link === null) return null;
  return render(input.centre, {
    kind: 'class-invite',
    to: input.to,
    subject: `Grupo de WhatsApp da turma: ${named(input)}`,
    reason: `Você recebeu esta mensagem porque está inscrito(a) no curso ${input.course.title}.`,
    blocks: [
      greeting(input.personName),
      `Prometemos enviar o link do grupo de WhatsApp da sua turma ${inCourse(input, 'do')}: aqui está. As orientações da turma são dadas no grupo. Entre agora para não perder nenhum aviso:`,
      { button: 'Entre em nosso grupo de WhatsApp', href: httpUrl(link) },
      { meetings: meetingLines(input.course, input.centre) },
    ],
  });
}

/** What a person's result in a concluded class says (decision 077). */
export interface ClassOutcome {
  /** The class's name ('Turma 2027/1'). */
  className: string;
  concluded: boolean;
  /** Meetings the person was present at, of `meetings`. */
  present: number;
  meetings: number;
  /** The minimum share of the meetings, in per cent. */
  minimumPercent: number;
}

/**
 * Coordenação concluded the class ('Encerrar turma'): the person's result and attendance, and for
 * a completion where its certificate is (decision 094).
 */
export function classConcluded(
  input: CourseNoticeInput &
    ClassOutcome & { /** Absolute address of 'Minhas inscrições'. */ profileUrl: string },
): MailMessage {
  const courseUrl = httpUrl(input.courseUrl);
  const { present, meetings, minimumPercent } = input;
  const needed = Math.ceil((minimumPercent * meetings) / 100);
  return render(input.centre, {
    kind: 'class-concluded',
    to: input.to,
    subject: `${input.concluded ? 'Curso concluído' : 'Turma encerrada'}: ${named(input)}`,
    reason: `Você recebeu esta mensagem porque participou da ${input.className} do curso ${input.course.title}.`,
    blocks: [
      greeting(input.personName),
      `A ${input.className} ${inCourse(input, 'do')}, foi encerrada.`,
      input.concluded
        ? `Resultado: Concluído. Você esteve em ${present} de ${meetingCountText(meetings)}. Parabéns!`
        : `Resultado: Não concluído. Você esteve em ${present} de ${meetingCountText(meetings)}, e para concluir são precisos pelo menos ${minimumPercent} % deles (${meetingCountText(needed)}).`,
      input.concluded
        ? 'A conclusão fica registrada e vale como pré-requisito para os próximos cursos.'
        : 'Você pode fazer o curso de novo numa próxima turma.',
      ...(input.concluded
        ? [
            {
              before:
                "Seu certificado de conclusão (PDF) já pode ser baixado em 'Minhas inscrições', na sua página do site:",
              link: httpUrl(input.profileUrl),
            },
          ]
        : []),
      `Se acha que houve um erro na marcação da sua presença, responda a esta mensagem ou escreva para ${input.centre.email}.`,
      { before: 'Página do curso:', link: courseUrl },
    ],
  });
}

/** Coordenação reopened a class concluded by mistake: the person's result is withdrawn. */
export function classReopened(input: CourseNoticeInput & { className: string }): MailMessage {
  return render(input.centre, {
    kind: 'class-reopened',
    to: input.to,
    subject: `Turma reaberta: ${named(input)}`,
    reason: `Você recebeu esta mensagem porque participa da ${input.className} do curso ${input.course.title}.`,
    blocks: [
      greeting(input.personName),
      `A ${input.className} ${inCourse(input, 'do')}, foi encerrada por engano e a coordenação a reabriu. Sua inscrição continua valendo.`,
      'O resultado que enviamos (Concluído ou Não concluído) foi retirado: ele será dado de novo, conforme a sua presença, quando a turma for encerrada.',
      // Its code now answers 'Certificado inválido' (decision 094).
      "Se você baixou o certificado de conclusão desta turma, ele deixou de valer. Quando a turma for encerrada de novo, quem concluir terá um novo certificado em 'Minhas inscrições'.",
      { meetings: meetingLines(input.course, input.centre) },
    ],
  });
}

/** The course's enrolment opened, and the person had asked to be told ('Avise-me quando abrir'). */
export function enrolmentOpened(input: CourseNoticeInput): MailMessage {
  const courseUrl = httpUrl(input.courseUrl);
  return render(input.centre, {
    kind: 'enrolment-opened',
    to: input.to,
    subject: `Inscrições abertas: ${named(input)}`,
    reason: `Você recebeu esta mensagem porque pediu para ser avisado(a) quando as inscrições do curso ${input.course.title} abrissem.`,
    blocks: [
      greeting(input.personName),
      `As inscrições ${inCourse(input, 'do')}, estão abertas.`,
      'As vagas são limitadas e preenchidas por ordem de inscrição. Para garantir a sua, inscreva-se agora:',
      { button: 'Inscrever-me', href: courseUrl },
      { meetings: meetingLines(input.course, input.centre) },
      'Este é o único aviso que enviaremos sobre a abertura deste curso.',
    ],
  });
}

/** The meeting lines of a course: first meeting, weekly slot and count, place. */
export function meetingLines(course: Pick<Course, 'meetings'>, centre: MessageCentre): string[] {
  // The meetings held and the dates changed (decision 091): a cancellation's message among them.
  return [
    `Primeiro encontro: ${formatFirstMeeting(firstHeldMeeting(course.meetings))}`,
    `${formatWeeklySlot(course.meetings)} (${formatMeetingCount(heldMeetings(course.meetings).length)})`,
    ...formatMeetingChanges(course.meetings),
    `Local: ${formatMeetingPlace(course.meetings, centre.address)}`,
  ];
}

/**
 * The course's meetings changed (day, time, count or room, a date skipped, cancelled, moved or
 * added), or the person was moved to another class (`left`: the class left, whose event the
 * calendar file cancels): the new ones and a new calendar.
 */
export function courseMeetingsChanged(
  input: CourseNoticeInput & { now?: Date; left?: CourseCalendarInput['course'] },
): MailMessage {
  const { centre, course, programmeName } = input;
  const courseUrl = httpUrl(input.courseUrl);
  return render(centre, {
    kind: 'course-meetings-changed',
    to: input.to,
    subject: `Mudança nos encontros: ${named(input)}`,
    reason: `Você recebeu esta mensagem porque está inscrito(a) no curso ${course.title}.`,
    blocks: [
      greeting(input.personName),
      `Os encontros do curso ${course.title}, do programa ${programmeName}, mudaram. Sua inscrição continua valendo. Veja como ficou:`,
      { meetings: meetingLines(course, centre) },
      // The file replaces the event people added (same UID, a higher SEQUENCE: decision 076);
      // a file sent before classes named their events may still leave the old one.
      'Anexamos um novo arquivo de calendário (.ics): abra-o para atualizar os encontros na sua agenda. Se os antigos continuarem lá, apague-os.',
      {
        before:
          'Se não puder participar no novo horário, cancele sua inscrição na página do curso, para que a vaga passe para outra pessoa:',
        link: courseUrl,
      },
    ],
    attachments: [
      courseCalendarAttachment({
        course,
        programmeName,
        centreName: centre.name,
        centreAddress: centre.address,
        courseUrl,
        ...(input.now ? { now: input.now } : {}),
        ...(input.left ? { cancels: input.left } : {}),
      }),
    ],
  });
}

/**
 * The reminder's subject: "Lembrete: sua turma começa sábado, 06/03 às 17h30" (the first meeting's
 * wall-clock date and time, São Paulo's, as the meetings are kept).
 */
export function classReminderSubject(
  meetings: Omit<MeetingRule, 'count'> & { count?: number },
): string {
  const first = firstHeldMeeting({ count: 1, ...meetings });
  const [, month = '', day = ''] = first.firstMeeting.split('-');
  const weekday = weekdayNames[weekdayOf(first.firstMeeting)];
  return `Lembrete: sua turma começa ${weekday}, ${day}/${month} às ${formatTime(first.time)}`;
}

/** Two days before the class's first meeting: when, where, and the calendar again. */
export function classReminder(input: CourseNoticeInput & { now?: Date }): MailMessage {
  const { centre, course, programmeName } = input;
  const courseUrl = httpUrl(input.courseUrl);
  return render(centre, {
    kind: 'class-reminder',
    to: input.to,
    subject: classReminderSubject(course.meetings),
    reason: `Você recebeu esta mensagem porque está inscrito(a) no curso ${course.title}.`,
    blocks: [
      greeting(input.personName),
      `Sua turma do curso ${course.title}, do programa ${programmeName}, começa em breve. Esperamos você:`,
      { meetings: meetingLines(course, centre) },
      'Anexamos o arquivo de calendário (.ics) com todos os encontros: abra-o para incluí-los na sua agenda, se ainda não incluiu.',
      {
        before:
          'Se não puder participar, cancele sua inscrição na página do curso, para que a vaga passe para outra pessoa:',
        link: courseUrl,
      },
    ],
    attachments: [
      courseCalendarAttachment({
        course,
        programmeName,
        centreName: centre.name,
        centreAddress: centre.address,
        courseUrl,
        ...(input.now ? { now: input.now } : {}),
      }),
    ],
  });
}
