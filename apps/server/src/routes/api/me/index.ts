/**
 * The participant's own space, /api/me/...: every route reads the person set by the
 * bearerAuth hook (plugins/bearer-auth.ts) from the API token in `Authorization: Bearer` (401
 * without one), never from the body, which names at most a course. Answers hold personal data: never stored by a cache.
 *
 * - GET  /api/me/enrolments            places and waiting positions (state, position, next meeting,
 *                                      WhatsApp link), then past classes (concluded, cancelled); the
 *                                      course page reads its own state here
 * - POST /api/me/enrolments/cancel     {course}: gives the place back (it goes to the next waiting);
 *                                      refused once the person's class has ended
 * - POST /api/me/waiting-list/join     {course}: only when the course is full and enrolment open
 * - POST /api/me/waiting-list/leave    {course}
 * - POST /api/me/claim                {code}: the desk's claim code makes its rows the person's
 * - GET  /api/me/opening-alerts        the courses whose opening the person will be told of
 * - POST /api/me/opening-alert         {course}: one e-mail when the course's enrolment opens
 * - POST /api/me/opening-alert/cancel  {course}
 * - GET  /api/me/data                  everything held about the person, as a JSON download
 * - GET  /api/me/certificates/:turma   the person's certificate of completion of that class, a PDF
 *                                      (decision 094); 404 unless they completed it
 * - GET  /api/me/account               the e-mail the person signs in with, and where the password
 *                                      changes (Perfil, or Microsoft's page)
 * - POST /api/me/password              {current, password}: 'Alterar senha' (built-in provider)
 * - POST /api/me/delete                {confirmation: 'EXCLUIR', any case}: the account and its
 *                                      data; needs a recent sign-in (decision 047)
 * - POST /api/me/sign-out              'Sair': every token of the person issued until now ends, and
 *                                      the built-in provider's sessions of every device
 */
import { allCourses } from '@centro/content';
import {
  myAccountDeleteRequestSchema,
  myAccountDeleteResponseSchema,
  myCancelResponseSchema,
  myCourseRequestSchema,
  myWaitingListJoinRequestSchema,
  myAccountSchema,
  myClaimRequestSchema,
  myClaimResponseSchema,
  myDataSchema,
  myPasswordChangeRequestSchema,
  myPasswordChangeResponseSchema,
  myEnrolmentsResponseSchema,
  myCertificateParamsSchema,
  myOpeningAlertResponseSchema,
  myOpeningAlertsResponseSchema,
  mySignOutRequestSchema,
  mySignOutResponseSchema,
  myWaitingListJoinResponseSchema,
  myWaitingListLeaveResponseSchema,
} from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CourseNotFoundError } from '../../../enrolment/errors.js';
import { bearerRoute } from '../bearer-route.js';
import { sendAttachment } from '../attachment.js';
import type { RefusalName } from '../../../refusals/catalogue.js';

const AUTH: RefusalName[] = ['signInRequired', 'expiredToken', 'invalidToken', 'sessionEnded'];

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { enrolment, participant, staff, openingAlerts, limits, certificates, deskClaims } = app;
  const known = new Map(allCourses().map((c) => [c.slug, c]));

  /** Only the content's courses. */
  const knownCourse = (slug: string) => {
    if (!known.has(slug)) throw new CourseNotFoundError();
    return slug;
  };

  /** The content's course, as the enrolment resolves its classes (decision 074). */
  const enrolmentCourseOf = (slug: string) => {
    const course = known.get(slug);
    if (!course) throw new CourseNotFoundError();
    return { slug, groupId: course.groupId };
  };

  app.get(
    apiPaths.myEnrolments,
    bearerRoute({ answer: myEnrolmentsResponseSchema, refusals: [...AUTH] }),
    async (request) => {
      // What the desk enrolled with this person's proven e-mail becomes theirs (decision 095).
      await deskClaims.byVerifiedEmail(request.person.userId);
      return { enrolments: await participant.myEnrolments(request.person.userId) };
    },
  );

  app.post(
    apiPaths.myClaim,
    bearerRoute({
      body: myClaimRequestSchema,
      answer: myClaimResponseSchema,
      refusals: [...AUTH, 'invalidRequest', 'claimCodeUnknown'],
    }),
    async (request) => ({
      claimed: await deskClaims.byCode(request.person.userId, request.body.code),
    }),
  );

  app.post(
    apiPaths.myEnrolmentCancel,
    bearerRoute({
      body: myCourseRequestSchema,
      answer: myCancelResponseSchema,
      refusals: [
        ...AUTH,
        'unknownCourse',
        'noEnrolment',
        'enrolmentInProgress',
        'cancellationIncomplete',
        'classEnded',
        'tooManyEnrolmentChanges',
      ],
    }),
    async (request, reply) => {
      const userId = request.person.userId;
      const course = knownCourse(request.body.course);
      // Before the directory is called: each cancellation queues mail (decision 080).
      await limits.enrolmentChange(reply, userId, course);
      await participant.cancel(userId, course, request.log);
      return { course, cancelled: true as const };
    },
  );

  app.post(
    apiPaths.myWaitingListJoin,
    bearerRoute({
      body: myWaitingListJoinRequestSchema,
      answer: myWaitingListJoinResponseSchema,
      refusals: [
        ...AUTH,
        'unknownCourse',
        'courseNotFull',
        'alreadyEnrolled',
        'enrolmentNotOpen',
        'enrolmentClosed',
        'emailNotVerified',
        'classRequired',
        'classNotFound',
        'enrolledInOtherClass',
        'prerequisiteMissing',
        'tooManyEnrolmentChanges',
      ],
    }),
    async (request, reply) => {
      const userId = request.person.userId;
      const course = enrolmentCourseOf(request.body.course);
      await limits.enrolmentAllowed(reply, userId, course.slug);
      const ref = await enrolment.requestedClass(course, request.body.turma);
      const joined = await enrolment.joinWaitingList(userId, ref, request.log);
      return { course: course.slug, ...joined };
    },
  );

  app.get(
    apiPaths.myOpeningAlerts,
    bearerRoute({ answer: myOpeningAlertsResponseSchema, refusals: [...AUTH] }),
    async (request) => ({ courses: await openingAlerts.coursesOf(request.person.userId) }),
  );

  /** 'Avise-me quando abrir' asked (`alert`) or cancelled: the same body and answer. */
  const openingAlertRoute = (path: string, alert: boolean, refusals: RefusalName[]) =>
    app.post(
      path,
      bearerRoute({
        body: myCourseRequestSchema,
        answer: myOpeningAlertResponseSchema,
        refusals: [...AUTH, 'unknownCourse', ...refusals],
      }),
      async (request) => {
        const course = knownCourse(request.body.course);
        const { userId } = request.person;
        await (alert ? openingAlerts.ask(userId, course) : openingAlerts.cancel(userId, course));
        return { course, alert };
      },
    );
  openingAlertRoute(apiPaths.myOpeningAlert, true, ['enrolmentAlreadyOpen', 'enrolmentClosed']);
  openingAlertRoute(apiPaths.myOpeningAlertCancel, false, []);

  app.post(
    apiPaths.myWaitingListLeave,
    bearerRoute({
      body: myCourseRequestSchema,
      answer: myWaitingListLeaveResponseSchema,
      refusals: [...AUTH, 'unknownCourse', 'tooManyEnrolmentChanges'],
    }),
    async (request, reply) => {
      const userId = request.person.userId;
      const course = enrolmentCourseOf(request.body.course);
      await limits.enrolmentChange(reply, userId, course.slug);
      const ref = await enrolment.heldClass(userId, course);
      const left = ref !== null && (await enrolment.leaveWaitingList(userId, ref));
      return { course: course.slug, left };
    },
  );

  app.get(
    apiPaths.myData,
    bearerRoute({ answer: myDataSchema, refusals: [...AUTH, 'directoryUnavailable'] }),
    async (request, reply) => {
      const data = await participant.exportData(request.person.userId);
      reply.header('content-disposition', 'attachment; filename="meus-dados.json"');
      return data;
    },
  );

  app.get(
    apiPaths.myCertificate,
    bearerRoute({
      params: myCertificateParamsSchema,
      answer: z.unknown().describe("PDF: 'Certificado de conclusão', one A4 page"),
      refusals: [...AUTH, 'noCertificate', 'directoryUnavailable'],
    }),
    async (request, reply) => {
      const { pdf, fileName } = await certificates.mine(
        request.person.userId,
        request.params.turma,
      );
      return sendAttachment(reply, 'application/pdf', fileName, pdf);
    },
  );

  app.get(
    apiPaths.myAccount,
    bearerRoute({ answer: myAccountSchema, refusals: [...AUTH] }),
    async (request) => participant.account(request.person.userId),
  );

  app.post(
    apiPaths.myPassword,
    bearerRoute({
      body: myPasswordChangeRequestSchema,
      answer: myPasswordChangeResponseSchema,
      refusals: [
        ...AUTH,
        'passwordAtMicrosoft',
        'userNotFound',
        'tooManyRequests',
        'wrongCurrentPassword',
        'newPasswordRefused',
      ],
    }),
    async (request) => {
      await participant.changePassword(request.person.userId, request.body, request.ip);
      request.log.info('password changed in the profile');
      return { changed: true as const };
    },
  );

  app.post(
    apiPaths.myAccountDelete,
    bearerRoute({
      body: myAccountDeleteRequestSchema,
      answer: myAccountDeleteResponseSchema,
      refusals: [
        ...AUTH,
        'recentSignInRequired',
        'enrolmentInProgress',
        'accountDeletionIncomplete',
        'lastCoordinatorAccount',
      ],
    }),
    async (request) => {
      // The centre keeps a coordinator, as when revoking the role.
      await staff.ensureNotLastCoordinator(request.person.userId);
      return participant.deleteAccount(request.person.userId, request.log, request.person.authTime);
    },
  );

  app.post(
    apiPaths.mySignOut,
    bearerRoute({
      body: mySignOutRequestSchema,
      answer: mySignOutResponseSchema,
      refusals: [...AUTH],
    }),
    async (request) => {
      await participant.signOut(request.person.userId);
      return { signedOut: true as const };
    },
  );
};
