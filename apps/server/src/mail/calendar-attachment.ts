/**
 * A course's calendar file as an e-mail attachment: the confirmation and the notice of changed
 * meetings carry the same file (one truth: the meetings the page shows).
 */
import {
  calendarFileName,
  courseCalendar,
  type CourseCalendarInput,
} from '../calendar/course-calendar.js';
import type { MailAttachment } from './types.js';

export function courseCalendarAttachment(input: CourseCalendarInput): MailAttachment {
  return {
    filename: calendarFileName(input.course),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: courseCalendar(input),
    encoding: 'utf-8',
  };
}
