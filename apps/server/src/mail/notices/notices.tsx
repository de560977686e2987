/**
 * What happens to a person's place, told in a few lines (decision 055): their cancellation, their
 * place on a waiting list, a removal by staff, and the opening of a course's enrolment they asked
 * to be told about. (Their class's notices: class-notices.tsx; a staff role: staff-role-notices.tsx;
 * the promotion from a waiting list is the confirmation with its own opening: messages.tsx.) Each
 * says what it means and what to do. Pure, like the other messages: built from one list of blocks
 * (notice-layout.tsx), so the HTML and the plain text say the same.
 */
import type { MailMessage } from '../types.js';
import { meetingLines } from './class-notices.js';
import { httpUrl } from '../messages/links.js';

import { type CourseNoticeInput, greeting, inCourse, named, render } from './notice-layout.js';

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
