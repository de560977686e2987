/** The site's paths: used by the web app's prerender list, the server's router and the sitemap. */
import { programmeSlugs } from './constants.js';
import type { Course, ProgrammeSlug } from './schema.js';

/** Public pages that are not course pages, in navigation order. */
export const staticPublicPaths = [
  '/',
  '/saiba-mais',
  '/horarios',
  '/contato',
  '/global-kardec',
  '/escola-de-mediuns',
  '/como-se-inscrever',
  '/privacidade',
] as const;

/** Path of a programme's course list. */
export function programmePath(programme: ProgrammeSlug): string {
  return `/${programme}`;
}

/** Path of a course page. */
export function coursePath(course: Pick<Course, 'programme' | 'slug'>): string {
  return `/${course.programme}/${course.slug}`;
}

/** The centre's weekly schedule as an iCalendar feed (served by the server). */
export const scheduleCalendarPath = '/agenda.ics';

/** A course's meetings as an iCalendar file, next to its page (served by the server). */
export function courseCalendarPath(course: Pick<Course, 'programme' | 'slug'>): string {
  return `${coursePath(course)}/encontros.ics`;
}

/** One class's own calendar file (decision 076), or the course's file without a class. */
export function classCalendarPath(calendarPath: string, classId: string | undefined): string {
  return classId === undefined
    ? calendarPath
    : `${calendarPath}?turma=${encodeURIComponent(classId)}`;
}

/** Path of a programme's enrolment confirmation page (signed in only). */
export function confirmationPath(programme: ProgrammeSlug): string {
  return `/${programme}/matricula-finalizada`;
}

/** The staff area (Coordenação and Secretaria): one screen, its views in the query. */
export const staffPath = '/equipe';

/** The person's profile page: 'Minhas inscrições', 'Meus dados'. */
export const profilePath = '/perfil';

/** Pages that exist only for a signed-in person; served as a client-rendered shell. */
export const signedInPaths: readonly string[] = [
  profilePath,
  ...programmeSlugs.map((p) => confirmationPath(p)),
  staffPath,
];
