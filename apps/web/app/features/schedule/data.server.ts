/** The schedule page, prepared at build time from the content. */
import { centre, schedule, scheduleQuestionLink } from '@centro/content';
import { buildPageMeta } from '~/lib/seo';
import { getSite } from '~/lib/site.server';
import { SCHEDULE_TITLE } from './copy';
import type { ScheduleLoaderData } from './types';

export function getSchedulePage(): ScheduleLoaderData {
  const days = schedule.map((day) => ({
    day: day.day,
    activities: day.activities.map(({ time, title, note }) => ({
      time,
      title,
      ...(note ? { note } : {}),
    })),
    questionHref: scheduleQuestionLink(centre.whatsapp, day),
  }));
  const summary = schedule.map((day) => `${day.day}: ${day.whatsappTopic}`).join('; ');
  return {
    page: { days },
    meta: buildPageMeta(getSite(), {
      title: SCHEDULE_TITLE,
      description: `Dias e horários das atividades da semana. ${summary}.`,
      path: '/horarios',
    }),
  };
}
