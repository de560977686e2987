import type { MetaDescriptor } from 'react-router';

export interface ScheduleActivity {
  time: string;
  title: string;
  note?: string;
}

export interface ScheduleDayView {
  day: string;
  activities: ScheduleActivity[];
  /** wa.me link with a prefilled message naming the day's activity. */
  questionHref: string;
}

/** A course's class meeting on a weekday (decision 075), linked to the course's page. */
export interface CourseMeetingView {
  /** "19h30" */
  time: string;
  /** The course's title, with the class's name when its page shows several. */
  title: string;
  path: string;
  /** "Escola de Médiuns · até 21h00 · Sala 1 · Primeiro encontro: 04/03/2027" */
  note: string;
}

export interface CourseMeetingDay {
  /** "Quinta-feira" */
  day: string;
  courses: CourseMeetingView[];
}

export interface SchedulePageData {
  days: ScheduleDayView[];
  /** When the courses meet, read from their classes: the weekdays with a course. */
  courseDays: CourseMeetingDay[];
  /**
   * The centre's recesses not over yet (decision 092), as lines: 'Recesso de fim de ano: de
   * 20/12/2026 a 10/01/2027'. Absent: none.
   */
  recesses?: string[];
}

export interface ScheduleLoaderData {
  page: SchedulePageData;
  meta: MetaDescriptor[];
}
