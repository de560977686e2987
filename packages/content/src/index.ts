/**
 * The centre's content: one source of truth for the website and the server.
 * Importing this module validates the data (it throws with every problem listed if anything is wrong).
 */
export * from './schema.js';
export * from './links.js';
export * from './routes.js';
export * from './brand.js';
export { content, centre, schedule, programmes, tutorial, privacy } from './content.js';
export { validateContent, ContentValidationError, formatIssuePath } from './validate.js';
export {
  getProgramme,
  findCourse,
  findCourseByGroupId,
  allCourses,
  courseListItems,
  publicPaths,
} from './queries.js';
export type { CourseListItem } from './queries.js';
