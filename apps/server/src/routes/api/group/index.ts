/**
 * POST /api/group/add {group, user, token, turma?}: enrols the person in the course whose group
 * this is, in the class `turma` or else its only open class (decision 052), and answers with the
 * class's WhatsApp group link in effect (staff may have changed it) and when and where the class
 * meets (the place with the centre's address as published: decision 073). Only the
 * groups of the content's courses are accepted: the server never adds anyone to an arbitrary group
 * of the directory.
 */
import { allCourses, formatMeetingPlace, groupLinkOf } from '@centro/content';
import { groupAddRequestSchema, groupAddResponseSchema } from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimedPerson } from '../../../auth/authenticate-person.js';
import { UnknownGroupError } from '../../../enrolment/errors.js';
import { apiPaths } from '@centro/contracts/paths';
import { bearerRoute } from '../bearer-route.js';

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { enrolment, courseOf, content, limits } = app;
  // Group ids are GUIDs: compared without regard to case.
  const byGroup = new Map(
    allCourses().map((c) => [c.groupId.toLowerCase(), { slug: c.slug, groupId: c.groupId }]),
  );

  app.post(
    apiPaths.groupAdd,
    {
      // Its answers (the course, the group, the link; or a refusal) are a few hundred bytes, under
      // @fastify/compress's 1 KB threshold: never compressed. Without the plugin's two hooks on
      // this route (the rush's hot path); request bodies are still decompressed.
      compress: false,
      ...bearerRoute({
        body: groupAddRequestSchema,
        answer: groupAddResponseSchema,
        refusals: [
          'unknownGroup',
          'userNotFound',
          'courseFull',
          'enrolmentNotOpen',
          'enrolmentClosed',
          'enrolmentIncomplete',
          'emailNotVerified',
          'classRequired',
          'classNotFound',
          'enrolledInOtherClass',
          'prerequisiteMissing',
          'tooManyEnrolmentChanges',
        ],
      }),
    },
    async (request, reply) => {
      const { user, group, turma } = request.body;
      const userId = claimedPerson(request, user);
      const course = byGroup.get(group.toLowerCase());
      if (!course) throw new UnknownGroupError();
      // Before the directory is called: after too many cancellations, enrolling again (and so
      // more mail) waits (decision 080).
      await limits.enrolmentAllowed(reply, userId, course.slug);

      // The class is resolved here, once, and carried down (decision 074).
      const ref = await enrolment.requestedClass(course, turma);
      const { alreadyEnrolled, settings } = await enrolment.enrol(userId, ref, request.log);
      // The settings in effect as the enrolment read them, with the places: no second query.
      const inEffect = courseOf.inEffect(course.slug, settings);
      return {
        data: {
          course: course.slug,
          group: course.groupId,
          status: 'enrolled' as const,
          alreadyEnrolled,
          // null: the course has no invite yet, and the page says the link comes later.
          ...(inEffect
            ? {
                groupLink: groupLinkOf(inEffect.inviteCode),
                meetings: {
                  firstMeeting: inEffect.meetings.firstMeeting,
                  time: inEffect.meetings.time,
                  place: formatMeetingPlace(inEffect.meetings, {
                    ...content.content().contact.address,
                    country: 'BR',
                  }),
                  classId: ref.classId,
                },
              }
            : {}),
        },
      };
    },
  );
};
