/**
 * What every notice is made of (decision 055): its blocks (paragraphs, the meetings in a box, a
 * link, a button), rendered once into the HTML and the plain text, so both say the same; and what
 * every notice about a place in a course knows.
 */
import { type Course } from '@centro/content';
import type { MailAttachment, MailMessage, NoticeKind } from '../types.js';

import {
  Button,
  layout,
  type MessageCentre,
  Notice,
  Paragraph,
  textLayout,
} from '../messages/layout.js';

/** A part of a notice: a paragraph, the meetings in a box, a link on its own line, or a button. */
export type Block =
  | string
  | { meetings: string[] }
  | { link: string; before: string }
  | { button: string; href: string };

export interface NoticeParts {
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

export const named = (input: CourseNoticeInput) => `${input.course.title} (${input.programmeName})`;
export const inCourse = (input: CourseNoticeInput, of: 'no' | 'do') =>
  `${of} curso ${input.course.title}, do programa ${input.programmeName}`;
