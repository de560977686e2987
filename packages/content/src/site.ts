/**
 * Browser entry of the content (`@centro/content/site`): the same data and helpers as the main entry,
 * without the validation library, so the website's bundle stays small. The main entry validates.
 */
export * from './constants.js';
export type * from './schema.js';
export * from './links.js';
export * from './meetings.js';
export * from './class-meetings.js';
export * from './attendance-meetings.js';
export * from './schedule-times.js';
export * from './routes.js';
export * from './brand.js';
export {
  siteContent as content,
  centre,
  schedule,
  programmes,
  tutorial,
  privacy,
} from './site-data.js';
export { DATA_REQUESTS_CHANNEL } from './centre-data/privacy.js';
export {
  getProgramme,
  findCourse,
  findCourseByGroupId,
  allCourses,
  courseListItems,
  publicPaths,
} from './queries.js';
export type { CourseListItem } from './queries.js';
