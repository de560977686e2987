/**
 * The desk and the door (decisions 095 and 096), inside the staff routes (whose hook reads the
 * person's roles): POST /api/staff/courses/:slug/desk-enrol?turma= enrols an account found by the
 * people search, or a person without one with the consent they gave in person; POST
 * .../attendance/:meeting/walk-in?turma= adds someone who came without a place; POST
 * .../participants/:personId/claim-code?turma= gives a person enrolled at the desk a new claim code.
 */
import {
  staffClassQuerySchema,
  staffCourseParamsSchema,
  staffDeskEnrolRequestSchema,
  staffDeskEnrolResponseSchema,
  staffMeetingParamsSchema,
  staffNewClaimCodeRequestSchema,
  staffNewClaimCodeResponseSchema,
  staffParticipantParamsSchema,
  staffWalkInRequestSchema,
  staffWalkInResponseSchema,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RefusalName } from '../../../refusals/catalogue.js';
import { bearerRoute } from '../bearer-route.js';
import { STAFF } from './common.js';

const COURSE = '/api/staff/courses/:slug';

/** What the enrolment may refuse at the desk, as on the web. */
const ENROLMENT: RefusalName[] = [
  'invalidRequest',
  'courseNotFound',
  'classNotFound',
  'classReadOnly',
  'courseFull',
  'enrolmentNotOpen',
  'enrolmentClosed',
  'enrolledInOtherClass',
  'alreadyEnrolled',
  'prerequisiteMissing',
  'enrolmentIncomplete',
  'directoryUnavailable',
];

export const staffDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rosters } = app;

  app.post(
    `${COURSE}/desk-enrol`,
    bearerRoute({
      permission: 'desk',
      params: staffCourseParamsSchema,
      querystring: staffClassQuerySchema,
      body: staffDeskEnrolRequestSchema,
      answer: staffDeskEnrolResponseSchema,
      refusals: [...STAFF, ...ENROLMENT, 'deskPersonNotFound'],
    }),
    async (request) =>
      rosters.deskEnrol(request.staffActor, request.params.slug, request.body, request.query.turma),
  );

  app.post(
    `${COURSE}/attendance/:meeting/walk-in`,
    bearerRoute({
      permission: 'desk',
      params: staffMeetingParamsSchema,
      querystring: staffClassQuerySchema,
      body: staffWalkInRequestSchema,
      answer: staffWalkInResponseSchema,
      refusals: [...STAFF, ...ENROLMENT, 'meetingNotYet'],
    }),
    async (request) =>
      rosters.walkIn(
        request.staffActor,
        request.params.slug,
        request.params.meeting,
        request.body.person,
        request.query.turma,
      ),
  );

  app.post(
    `${COURSE}/participants/:personId/claim-code`,
    bearerRoute({
      permission: 'desk',
      params: staffParticipantParamsSchema,
      querystring: staffClassQuerySchema,
      body: staffNewClaimCodeRequestSchema,
      answer: staffNewClaimCodeResponseSchema,
      refusals: [
        ...STAFF,
        'invalidRequest',
        'courseNotFound',
        'classNotFound',
        'claimCodeNoDeskPerson',
        'claimCodeClaimed',
      ],
    }),
    async (request) =>
      rosters.reissueClaimCode(
        request.staffActor,
        request.params.slug,
        request.params.personId,
        request.query.turma,
      ),
  );
};
