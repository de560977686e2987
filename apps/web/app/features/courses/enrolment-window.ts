/**
 * The course page's sentences for a course one cannot simply enrol in: 'As inscrições abrem em
 * DD/MM/AAAA às HHhMM.' before its window opens, 'As inscrições para este curso foram encerradas.'
 * after it closes, and 'Vagas esgotadas para este curso.' with the waiting list's offer when no
 * place is left. places-left.tsx loads it only when the availability says so (`needsNotice`): the
 * page of an open course with places (most visits) does without the API's table of messages
 * (the public pages' JavaScript budget).
 */
import { enrolmentOpensMessage, messages } from '@centro/contracts/messages';
import type { Availability } from './api/get-availability';
import type { Notice } from './enrolment-box';

/** Said instead of the instruction to press the button, on a full course. */
export const WAIT_BELOW =
  'Pelo botão abaixo você entra na lista de espera e recebe uma vaga se alguém desistir.';

export function enrolmentNotice(course: Availability): Notice | null {
  if (course.state === 'not-open' && course.opensAt)
    return { places: enrolmentOpensMessage(course.opensAt), intro: '' };
  if (course.state === 'closed') return { places: messages.enrolmentClosed, intro: '' };
  return course.placesLeft === 0 ? { places: messages.courseFull, intro: WAIT_BELOW } : null;
}
