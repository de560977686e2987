/**
 * 'Enviar mensagem à turma' (decision 063): a subject and a text a staff member
 * wrote to the people of a class, in the centre's frame and footer, with the line saying why the
 * person receives it. The text is plain: React escapes it in the HTML part (no markup from staff
 * reaches a mail program), blank lines make paragraphs and single line breaks stay. Pure.
 */
import { Fragment } from 'react';
import { layout, type MessageCentre, Paragraph, textLayout } from '../messages/layout.js';
import type { MailMessage } from '../types.js';

export interface ClassMessageInput {
  centre: MessageCentre;
  to: string;
  /** The staff's subject (one line) and text (plain, line breaks kept). */
  subject: string;
  text: string;
  className: string;
  courseTitle: string;
  /** The person waits for a place in the class rather than holding one. */
  waiting: boolean;
}

/** The text's paragraphs (split on blank lines), each its lines, trimmed at the ends. */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n+/)
    .map((block) => block.split('\n').map((line) => line.trimEnd()))
    .map((lines) => {
      while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
      return lines;
    })
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

/** Why the person receives the message (the footer's first line). */
export function classMessageReason(
  input: Pick<ClassMessageInput, 'className' | 'courseTitle' | 'waiting'>,
) {
  return input.waiting
    ? `Você recebe esta mensagem por estar na lista de espera da turma ${input.className} de ${input.courseTitle}.`
    : `Você recebe esta mensagem por estar inscrito(a) na turma ${input.className} de ${input.courseTitle}.`;
}

export function classMessage(input: ClassMessageInput): MailMessage {
  const paragraphs = paragraphsOf(input.text);
  const reason = classMessageReason(input);
  const body = paragraphs.map((lines, i) => (
    <Paragraph key={i}>
      {lines.map((line, j) => (
        <Fragment key={j}>
          {j > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Paragraph>
  ));
  return {
    kind: 'class-message',
    to: input.to,
    subject: input.subject,
    html: layout({
      centre: input.centre,
      title: input.subject,
      preheader: paragraphs[0]?.join(' ').slice(0, 140) ?? '',
      body: <>{body}</>,
      reason,
    }),
    text: textLayout(
      input.centre,
      paragraphs.flatMap((lines) => [...lines, '']).slice(0, -1),
      reason,
    ),
    attachments: [],
  };
}
