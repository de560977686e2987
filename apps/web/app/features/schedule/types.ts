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
}

export interface ScheduleLoaderData {
  page: SchedulePageData;
  meta: MetaDescriptor[];
}
