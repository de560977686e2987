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

export interface SchedulePageData {
  days: ScheduleDayView[];
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
