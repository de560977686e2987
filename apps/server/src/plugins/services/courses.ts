/** A course in effect by slug: the content with the staff's settings, read from the database. */
import fp from 'fastify-plugin';
import { createCourseReader } from '../../courses/effective-course.js';

export const coursesService = fp(
  async (app) => {
    app.decorate('courseOf', createCourseReader(app.database.db));
  },
  { name: 'courses', dependencies: ['database'] },
);
