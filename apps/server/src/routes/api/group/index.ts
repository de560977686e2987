/**
 * POST /api/group/add {group, user, token}: enrols the person in the course whose group this is.
 * Only the groups of the content's courses are accepted: the server never adds anyone to an
 * arbitrary group of the directory.
 */
import { allCourses } from '@centro/content';
import {
  groupAddRequestSchema,
  groupAddResponseSchema,
  type GroupAddRequest,
  type GroupAddResponse,
} from '@centro/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { EnrolmentCourse, EnrolmentService } from '../../../enrolment/service.js';
import { useApiConventions } from '../../../plugins/api-conventions.js';
import { requirePerson } from '../auth/index.js';
import { HttpError } from '../../../plugins/error-handler.js';

export interface GroupRoutesOptions {
  enrolment: EnrolmentService;
  /** The courses whose groups may be joined (default: the content's 20 courses). */
  courses?: readonly EnrolmentCourse[];
}

export const unknownGroup = {
  status: 400,
  code: 'unknown_group',
  message: 'Grupo desconhecido: não corresponde a nenhum curso.',
} as const;

export const groupRoutes: FastifyPluginAsync<GroupRoutesOptions> = async (app, options) => {
  useApiConventions(app);
  const { enrolment } = options;
  // Group ids are GUIDs: compared without regard to case.
  const byGroup = new Map(
    (options.courses ?? allCourses()).map((c) => [
      c.groupId.toLowerCase(),
      { slug: c.slug, groupId: c.groupId },
    ]),
  );

  app.post<{ Body: GroupAddRequest }>(
    '/api/group/add',
    { schema: { body: groupAddRequestSchema, response: { 200: groupAddResponseSchema } } },
    async (request, reply): Promise<GroupAddResponse> => {
      const { token, user, group } = request.body;
      const userId = requirePerson(request, token, user);
      const course = byGroup.get(group.toLowerCase());
      if (!course)
        throw new HttpError(unknownGroup.status, unknownGroup.code, unknownGroup.message);

      const { alreadyEnrolled } = await enrolment.enrol(userId, course, request.log);
      reply.header('cache-control', 'no-store');
      return {
        data: { course: course.slug, group: course.groupId, status: 'enrolled', alreadyEnrolled },
      };
    },
  );
};
