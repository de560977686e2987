/**
 * The one list of the API's machine-readable refusal codes, without zod: the server answers only
 * these, the website compares them as `ErrorCode` members (`@centro/contracts/error-codes`, small
 * enough for the browser), and the OpenAPI document lists them through `errorCodeSchema` (errors.ts).
 */

export const ErrorCode = {
  BadRequest: 'bad_request',
  InvalidRequest: 'invalid_request',
  InvalidJson: 'invalid_json',
  Unauthorized: 'unauthorized',
  InvalidToken: 'invalid_token',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  UserNotFound: 'user_not_found',
  /** Entra ID protects this account's field (a privileged administrator's mobilePhone). */
  ProtectedAccount: 'protected_account',
  UnknownGroup: 'unknown_group',
  MethodNotAllowed: 'method_not_allowed',
  NotAcceptable: 'not_acceptable',
  RequestTimeout: 'request_timeout',
  Conflict: 'conflict',
  CourseFull: 'course_full',
  EnrolmentNotOpen: 'enrolment_not_open',
  EnrolmentClosed: 'enrolment_closed',
  /** 'Avise-me quando abrir' for a course whose enrolment is open already. */
  EnrolmentOpen: 'enrolment_open',
  EmailNotVerified: 'email_not_verified',
  PlacesBelowTaken: 'places_below_taken',
  NotEnrolled: 'not_enrolled',
  /** Joining a waiting list while a place is free (enrol instead). */
  CourseNotFull: 'course_not_full',
  AlreadyEnrolled: 'already_enrolled',
  /** The place is still being confirmed (cancel a few seconds later). */
  EnrolmentInProgress: 'enrolment_in_progress',
  LastCoordinator: 'last_coordinator',
  /** A content save from a revision that is no longer the latest (someone else saved first). */
  ContentStale: 'content_stale',
  /** An uploaded photo over the size limits (bytes or megapixels). */
  PhotoTooLarge: 'photo_too_large',
  /** An uploaded file that is not an image the server can read. */
  NotAnImage: 'not_an_image',
  /** Coordenação given by the ADMIN_EMAILS setting: not revoked in the staff area. */
  RoleFromAdminEmails: 'role_from_admin_emails',
  AccountNotFound: 'account_not_found',
  RolesManagedByProvider: 'roles_managed_by_provider',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  TooManyRequests: 'too_many_requests',
  InternalError: 'internal_error',
  BadGateway: 'bad_gateway',
  ServiceUnavailable: 'service_unavailable',
  DirectoryUnavailable: 'directory_unavailable',
  IdentityProviderUnavailable: 'identity_provider_unavailable',
  GatewayTimeout: 'gateway_timeout',
  /** Several classes of the course take enrolments: the request must name one (`turma`). */
  ClassRequired: 'class_required',
  /** The person holds a place in another class of the same course. */
  EnrolledInOtherClass: 'enrolled_in_other_class',
  /** The class was concluded already ('Encerrar turma' twice). */
  ClassConcluded: 'class_concluded',
  /** A change to a concluded class (settings, attendance, removal): it is read-only. */
  ClassReadOnly: 'class_read_only',
  /** Attendance for a meeting that has not happened yet (marking opens an hour before it). */
  MeetingNotYet: 'meeting_not_yet',
  /** The course requires courses the person has not concluded (decision 061). */
  PrerequisiteMissing: 'prerequisite_missing',
  /** The person's session ended (a password reset, 'Sair', the account deleted): sign in again. */
  SessionEnded: 'session_ended',
  /** The action needs a recent sign-in ('Excluir minha conta'): sign in again, then repeat it. */
  RecentSignInRequired: 'recent_sign_in_required',
  /** 'Cancelar inscrição' once the person's class has ended (its last meeting is over). */
  ClassEnded: 'class_ended',
  /** 'Encerrar turma' before its last meeting, without confirming how many remain (decision 077). */
  ClassMeetingsRemain: 'class_meetings_remain',
  /** 'Encerrar turma' before its first meeting: nobody could have attended (decision 077). */
  ClassNotStarted: 'class_not_started',
  /** Reopening a class whose people hold a place in another class of the course now. */
  ClassReopenConflict: 'class_reopen_conflict',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Whether a string from an answer is one of the codes (the website reads answers without zod). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (Object.values(ErrorCode) as string[]).includes(value);
}
