/**
 * The content's courses synchronised by several instances starting at once on one database: each
 * course gets exactly one first class, and no instance fails its start.
 */
import { allCourses } from '@centro/content';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { createCourseStore } from './course-store.js';

const targets = await testDatabaseTargets('course-sync');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

const courses = allCourses().map((c) => ({ slug: c.slug, groupId: c.groupId, places: c.places }));

describe.each(targets)(
  'courses synchronised by instances starting together ($dialect)',
  (target) => {
    it('give each new course one first class', async () => {
      // SQLite is one instance's file; PostgreSQL is shared by every instance.
      const instances = target.dialect === 'postgres' ? 4 : 1;
      for (let round = 0; round < 3; round += 1) {
        await target.clear(['courses']);
        const handles = await Promise.all(
          Array.from({ length: instances }, () => target.open({ poolSize: 2 })),
        );
        await Promise.all(handles.map((h) => createCourseStore(h.db, h.dialect).sync(courses)));
        const classes = await handles[0]?.db
          .selectFrom('classes')
          .select(['course_slug'])
          .execute();
        expect((classes ?? []).map((c) => c.course_slug).sort()).toEqual(
          courses.map((c) => c.slug).sort(),
        );
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  },
);
