/**
 * The course page's class hint (decision 070): how its enrolment box will look once
 * GET /api/courses/classes answers, put into the page as served as a `data-turmas` attribute of
 * `<html>` ('0': none open, '1': the specification's box, '2': the choice of a class), so that
 * courses.css sizes the box before the answer and nothing under it moves. No script; React does
 * not compare `<html>`'s attributes when it hydrates in production. Refreshed with the notices
 * (every 30 s and on each publication): a stale hint only reserves the wrong space, briefly.
 */
import { allCourses, coursePath } from '@centro/content';
import { classEnrolmentState } from './class-rules.js';
import type { ClassRow } from './class-store.js';

export type ClassHint = '0' | '1' | '2';

/** The box a course's listed classes give (as the web's class-choice.ts decides it). */
type HintRow = Pick<
  ClassRow,
  'state' | 'enrolment_opens_at' | 'enrolment_closes_at' | 'places' | 'taken'
>;

export function classHint(rows: readonly HintRow[], now: string): ClassHint {
  const stateOf = (r: HintRow) =>
    classEnrolmentState(
      { state: r.state, opensAt: r.enrolment_opens_at, closesAt: r.enrolment_closes_at },
      now,
    );
  const open = rows.filter((r) => stateOf(r) === 'open');
  if (open.length >= 2) return '2';
  const [only] = open;
  // Full, with the next class announced: the box says when that opens (decision 075).
  const next = rows.some((r) => stateOf(r) === 'not-open' && r.enrolment_opens_at !== null);
  if (only && only.taken >= only.places && next) return '0';
  return only || rows.length === 1 ? '1' : '0';
}

/** Each course page's hint, by its path, from every listed class. */
export function classHints(
  rows: readonly (HintRow & Pick<ClassRow, 'course_slug'>)[],
  now: string,
): Map<string, ClassHint> {
  const hints = new Map<string, ClassHint>();
  for (const course of allCourses()) {
    hints.set(
      coursePath(course),
      classHint(
        rows.filter((r) => r.course_slug === course.slug),
        now,
      ),
    );
  }
  return hints;
}

/** The page with its hint on `<html>` (unchanged without one, or when it has one already). */
export function withClassHint(html: string, hint: ClassHint | undefined): string {
  if (hint === undefined) return html;
  const tag = /<html\b[^>]*>/i.exec(html);
  if (!tag || /\sdata-turmas=/i.test(tag[0])) return html;
  const at = tag.index + tag[0].length - 1;
  return `${html.slice(0, at)} data-turmas="${hint}"${html.slice(at)}`;
}
