/**
 * The notices about a person's class (decisions 058, 076 and 077): the class's WhatsApp invite,
 * its conclusion with their result, its reopening, a change of its meetings (with a new calendar
 * file), and the reminder two days before it starts.
 */
import {
  type Course,
  formatFirstMeeting,
  groupLinkOf,
  formatMeetingCount,
  formatMeetingPlace,
  formatTime,
  formatWeeklySlot,
  weekdayNames,
  weekdayOf,
} from '@centro/content';

import { meetingCountText } from '@centro/contracts';

import { courseCalendarAttachment } from '../calendar-attachment.js';

import type { MailMessage } from '../types.js';
import { type MessageCentre } from '../messages/layout.js';
import { httpUrl } from '../messages/links.js';

import { type CourseNoticeInput, greeting, inCourse, named, render } from './notice-layout.js';

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
export interface ClassResult {
  /** The class's name ('Turma 2027/1'). */
  className: string;
  concluded: boolean;
  /** Meetings the person was present at, of `meetings`. */
  present: number;
  meetings: number;
  /** The minimum share of the meetings, in per cent. */
  minimumPercent: number;
}

/** Coordenação concluded the class ('Encerrar turma'): the person's result and attendance. */
export function classConcluded(input: CourseNoticeInput & ClassResult): MailMessage {
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
      { meetings: meetingLines(input.course, input.centre) },
    ],
  });
}

/** The meeting lines of a course: first meeting, weekly slot and count, place. */
export function meetingLines(course: Pick<Course, 'meetings'>, centre: MessageCentre): string[] {
  return [
    `Primeiro encontro: ${formatFirstMeeting(course.meetings)}`,
    `${formatWeeklySlot(course.meetings)} (${formatMeetingCount(course.meetings.count)})`,
    `Local: ${formatMeetingPlace(course.meetings, centre.address)}`,
  ];
}

/** The course's meetings changed (day, time, count or room): the new ones and a new calendar. */
export function courseMeetingsChanged(input: CourseNoticeInput & { now?: Date }): MailMessage {
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
      }),
    ],
  });
}

/**
 * The reminder's subject: "Lembrete: sua turma começa sábado, 06/03 às 17h30" (the first meeting's
 * wall-clock date and time, São Paulo's, as the meetings are kept).
 */
export function classReminderSubject(
  meetings: Pick<Course['meetings'], 'firstMeeting' | 'time'>,
): string {
  const [, month = '', day = ''] = meetings.firstMeeting.split('-');
  const weekday = weekdayNames[weekdayOf(meetings.firstMeeting)];
  return `Lembrete: sua turma começa ${weekday}, ${day}/${month} às ${formatTime(meetings.time)}`;
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
