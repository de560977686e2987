/**
 * An enrolment through the API with DIRECTORY=graph against the Graph stand-in, which has an outage
 * while the member is being added: the answer is a 503 JSON, the place is given back; after
 * `restore()` the same enrolment succeeds and takes exactly one place.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../support/api-app.js';
import { createGraphApi, type GraphApi } from '../support/graph-api.js';
import type { GraphStandIn } from '../support/graph-stand-in/stand-in.js';

let standIn: GraphStandIn;
let api: TestApi;
let graphApi: GraphApi | undefined;

beforeAll(async () => {
  graphApi = await createGraphApi({ timeoutMs: 1000 });
  ({ standIn, api } = graphApi);
});

afterAll(async () => {
  await graphApi?.close();
});

async function taken(slug: string): Promise<{ taken: number; rows: number }> {
  const { db } = api.app.database;
  const course = await db
    .selectFrom('classes')
    .select('taken')
    .where('course_slug', '=', slug)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('enrolments')
    .selectAll()
    .where('course_slug', '=', slug)
    .execute();
  return { taken: course.taken, rows: rows.length };
}

describe('an outage of Microsoft Graph in the middle of an enrolment', () => {
  it(
    'answers 503 JSON, keeps the place of the unanswered call pending, and the same enrolment succeeds after restore',
    {
      timeout: 20_000,
    },
    async () => {
      const course = allCourses()[0];
      if (!course) throw new Error('no course');
      const user = standIn.addUser({ id: randomUUID(), displayName: 'Maria', mail: null });
      const token = api.tokenFor(user.id);
      const enrol = () =>
        api.app.inject({
          method: 'POST',
          url: '/api/group/add',
          payload: { group: course.groupId, user: user.id, token },
        });

      // The app-only token is obtained first (the outage hits Graph, not the sign-in of the app).
      const details = await api.app.inject({
        method: 'POST',
        url: '/api/user/details',
        payload: { id: user.id, token },
      });
      expect(details.statusCode).toBe(200);
      const before = await taken(course.slug);

      // The member's addition gets no answer; the stand-in goes down while it is in flight. (Not a
      // slow answer: the stand-in would still add the member when its delay ends, and on a loaded
      // machine that may come before the checks below. Every attempt hangs, so that a timeout
      // that comes before the outage changes nothing.)
      standIn.inject({
        method: 'POST',
        path: /\/members\/\$ref$/,
        times: Infinity,
        action: { type: 'hang' },
      });
      const answer = enrol();
      // The place is held while the directory is asked (waited for, not assumed after a fixed pause).
      const heldBy = Date.now() + 2_000;
      let reserved = await taken(course.slug);
      while (reserved.taken === before.taken && Date.now() < heldBy) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        reserved = await taken(course.slug);
      }
      expect(reserved.taken).toBe(before.taken + 1);
      await standIn.outage();

      const refused = await answer;
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['content-type']).toContain('application/json');
      expect(refused.json()).toEqual({
        error: 'directory_unavailable',
        message: expect.any(String),
      });
      // The first call got no answer (Graph may have added the member): the place stays 'pending'
      // for the person's next try or the repair, which asks Graph.
      expect(await taken(course.slug)).toEqual({ taken: before.taken + 1, rows: before.rows + 1 });
      expect(standIn.groups.get(course.groupId)?.members.has(user.id)).toBe(false);

      standIn.clearFaults();
      await standIn.restore();
      const enrolled = await enrol();
      expect(enrolled.statusCode).toBe(200);
      expect(enrolled.json()).toMatchObject({
        data: { course: course.slug, status: 'enrolled', alreadyEnrolled: false },
      });
      expect(await taken(course.slug)).toEqual({
        taken: before.taken + 1,
        rows: before.rows + 1,
      });
      expect(standIn.groups.get(course.groupId)?.members.has(user.id)).toBe(true);
    },
  );
});
