/**
 * The course page's sentence for an enrolment window that is not open: 'As inscrições abrem em
 * DD/MM/AAAA às HHhMM.' before it opens, 'As inscrições para este curso foram encerradas.' after it
 * closes. places-left.tsx loads it only when the availability says so (`outsideWindow`): the page
 * of an open course (most visits) does without the API's table of messages (issue 15's budget).
 */
import { enrolmentOpensMessage, messages } from '@centro/contracts/messages';
import type { Availability } from './api/get-availability';

export function enrolmentWindowNotice(course: Availability): string | null {
  if (course.state === 'not-open' && course.opensAt) return enrolmentOpensMessage(course.opensAt);
  return course.state === 'closed' ? messages.enrolmentClosed : null;
}
