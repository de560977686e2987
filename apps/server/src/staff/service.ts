/**
 * The staff area: who may do what (roles.ts, role-grants.ts, monitors.ts), the overview (overview.ts), a
 * course's participants, their exports and removals (participants.ts), course settings
 * (course-settings.ts), attendance (attendance.ts) and the record of staff actions
 * (action-record.ts). Every list view and export is recorded (LGPD: the record answers "who saw
 * my data"). This class is the area's one entry point for the routes; each method is its concern's
 * module's function over the shared context (context.ts).
 */
import { allCourses, type Course } from '@centro/content';
import type {
  StaffMeetingChangeRequest,
  StaffRecessRequest,
  StaffActionsQuery,
  StaffCompletionChange,
  StaffClassMessageRequest,
  StaffCourseSettings,
  StaffCourseSettingsResponse,
  StaffCourseSummary,
  StaffGrantRequest,
  DeskNewPerson,
  StaffNewClassRequest,
  StaffRevokeRequest,
  StaffPrepareTermRequest,
  StaffRoleName,
} from '@centro/contracts';
import { NO_STAFF_NOTICES } from '../enrolment/notices.js';
import { deskEnrol, walkIn } from '../desk/desk-enrolment.js';
import { actions } from './action-record.js';
import { changeMeeting } from '../classes/meetings.js';
import { addRecess, listRecesses, removeRecess } from '../classes/recesses.js';
import { sendClassMessage } from '../classes/class-messages.js';
import { classes, concludeClass, createClass, openClass, reopenClass } from '../classes/classes.js';
import { attendance, markAttendance } from '../classes/attendance.js';
import { checkIn } from '../classes/check-in.js';
import { prepareTerm, termProposal } from '../classes/next-term.js';
import { type Log, record, type StaffActor, type StaffContext } from './context.js';
import { settings, updateSettings } from '../classes/course-settings.js';
import { overview } from '../classes/overview.js';
import {
  changeCompletion,
  completions,
  findPeople,
  grantException,
  prerequisites,
  updatePrerequisites,
} from '../classes/prerequisites.js';
import {
  exportRows,
  exportWaiting,
  move,
  participants,
  type ParticipantsQuery,
  remove,
} from '../classes/participants.js';
import type { StaffRepository } from './repository.js';
import { actorOf, ensureNotLastCoordinator, grant, revoke, roles } from './role-grants.js';
import { myClasses } from './monitors.js';
import type { AskedClass, StaffPermission } from './roles.js';

export interface StaffServiceOptions {
  repository: StaffRepository;
  /** The `courses` table (the courses module's store). */
  courseStore: StaffContext['courseStore'];
  classes: StaffContext['classes'];
  completions: StaffContext['completions'];
  prerequisites: StaffContext['prerequisites'];
  classMessages: StaffContext['classMessages'];
  recesses: StaffContext['recesses'];
  nextTerm: StaffContext['nextTerm'];
  /** The centre's recesses (none: no recess applied). */
  recessPeriods?: StaffContext['recessPeriods'];
  directory: StaffContext['directory'];
  desk: StaffContext['desk'];
  /** Removals, changes of places and the waiting lists go through the enrolment. */
  enrolment: StaffContext['enrolment'];
  /** Where roles come from: the database and ADMIN_EMAILS, or Entra's `roles` claim. */
  identityProvider: 'embedded' | 'entra';
  adminEmails: readonly string[];
  log: Log;
  courses?: readonly Course[];
  /** What people are told of roles given and meetings changed (none: nothing). */
  notices?: StaffContext['notices'];
  now?: () => Date;
  /** RETENTION_MONTHS_AFTER_COURSE (none: no retention, dates past it are not refused). */
  retentionMonths?: number;
  /** The centre as published now, for the messages to a class (decision 073). */
  centre: StaffContext['centre'];
}

export class StaffService {
  readonly #ctx: StaffContext;

  constructor(options: StaffServiceOptions) {
    this.#ctx = {
      repository: options.repository,
      courseStore: options.courseStore,
      classes: options.classes,
      completions: options.completions,
      prerequisites: options.prerequisites,
      classMessages: options.classMessages,
      recesses: options.recesses,
      nextTerm: options.nextTerm,
      recessPeriods: options.recessPeriods ?? (() => Promise.resolve([])),
      directory: options.directory,
      desk: options.desk,
      enrolment: options.enrolment,
      identityProvider: options.identityProvider,
      adminEmails: options.adminEmails.map((e) => e.toLowerCase()),
      log: options.log,
      courses: new Map((options.courses ?? allCourses()).map((c) => [c.slug, c])),
      now: options.now ?? (() => new Date()),
      retentionMonths: options.retentionMonths,
      notices: options.notices ?? NO_STAFF_NOTICES,
      centre: options.centre,
    };
  }

  /**
   * The person with their roles, read now (built-in provider: the database and ADMIN_EMAILS at each
   * request, so a revocation applies at once; Entra: the token's roles).
   * @throws StaffForbiddenError when `permission` is given and the roles do not allow it.
   */
  actor(
    userId: string,
    tokenRoles: readonly StaffRoleName[],
    permission?: StaffPermission,
    asked?: AskedClass,
  ): Promise<StaffActor> {
    return actorOf(this.#ctx, userId, tokenRoles, permission, asked);
  }

  /** The classes `by` monitors, as the staff area shows them (decision 098). */
  myClasses(by: StaffActor) {
    return myClasses(this.#ctx, by);
  }

  overview(by: StaffActor): Promise<StaffCourseSummary[]> {
    return overview(this.#ctx, by);
  }

  // `turma` (a class id) below: that class of the course; absent, its current class (decision
  // 062). A class of another course: Refusal classNotFound. A concluded class is read-only:
  // its changes are Refusal classReadOnly.

  /** The class's participants and waiting list, searched and sorted; the view is recorded. */
  participants(by: StaffActor, slug: string, query: ParticipantsQuery) {
    return participants(this.#ctx, by, slug, query);
  }

  /** The rows of the class's export, by name; the export is recorded. */
  exportRows(by: StaffActor, slug: string, format: 'csv' | 'xlsx', turma?: string) {
    return exportRows(this.#ctx, by, slug, format, turma);
  }

  /** The class's waiting list for its own file; the export is recorded. */
  exportWaiting(by: StaffActor, slug: string, turma?: string) {
    return exportWaiting(this.#ctx, by, slug, turma);
  }

  settings(by: StaffActor, slug: string, turma?: string): Promise<StaffCourseSettingsResponse> {
    return settings(this.#ctx, by, slug, turma);
  }

  /** @throws PlacesBelowTakenError, InvalidSettingsError, StaffCourseNotFoundError */
  updateSettings(
    by: StaffActor,
    slug: string,
    changed: StaffCourseSettings,
    turma?: string,
  ): Promise<StaffCourseSettingsResponse> {
    return updateSettings(this.#ctx, by, slug, changed, turma);
  }

  /** @throws NotEnrolledError, RemovalIncompleteError (nothing changed), StaffCourseNotFoundError */
  remove(by: StaffActor, slug: string, personId: string, turma?: string): Promise<void> {
    return remove(this.#ctx, by, slug, personId, turma);
  }

  /** 'Mover para outra turma' (decision 090). */
  move(by: StaffActor, slug: string, personId: string, to: string, turma?: string): Promise<void> {
    return move(this.#ctx, by, slug, personId, to, turma);
  }

  attendance(by: StaffActor, slug: string, meeting: number, turma?: string) {
    return attendance(this.#ctx, by, slug, meeting, turma);
  }

  markAttendance(
    by: StaffActor,
    slug: string,
    meeting: number,
    marks: readonly { personId: string; present: boolean }[],
    turma?: string,
  ): Promise<void> {
    return markAttendance(this.#ctx, by, slug, meeting, marks, turma);
  }

  /** Whose a QR code read at the door is, for the class (decision 097). */
  checkIn(by: StaffActor, slug: string, meeting: number, token: string, turma?: string) {
    return checkIn(this.#ctx, by, slug, meeting, token, turma);
  }

  /**
   * 'Inscrever no balcão' (decision 095): an account or a person without one, into the class.
   */
  deskEnrol(
    by: StaffActor,
    slug: string,
    request: Parameters<typeof deskEnrol>[3],
    turma?: string,
  ) {
    return deskEnrol(this.#ctx, by, slug, request, turma);
  }

  /** Someone who came to the meeting without a place (decision 096). */
  walkIn(by: StaffActor, slug: string, meeting: number, person: DeskNewPerson, turma?: string) {
    return walkIn(this.#ctx, by, slug, meeting, person, turma);
  }

  /** The course's classes, oldest first, and the next class's proposal. */
  classes(slug: string) {
    return classes(this.#ctx, slug);
  }

  /** 'Nova turma': planned, prefilled from the latest class. */
  createClass(by: StaffActor, slug: string, overrides: StaffNewClassRequest) {
    return createClass(this.#ctx, by, slug, overrides);
  }

  /** 'Preparar próximo semestre': every course's proposed class for the next term. */
  termProposal() {
    return termProposal(this.#ctx);
  }

  /** 'Criar turmas': the term's classes created together. @throws invalidSettings, courseNotFound */
  prepareTerm(by: StaffActor, request: StaffPrepareTermRequest) {
    return prepareTerm(this.#ctx, by, request);
  }

  /** 'Abrir inscrições': a planned class takes enrolments. @throws classNotFound, classReadOnly */
  openClass(by: StaffActor, slug: string, classId: string) {
    return openClass(this.#ctx, by, slug, classId);
  }

  /**
   * 'Encerrar turma': the participants' completions; `meetingsRemaining` confirms a conclusion
   * before the last meeting. @throws classNotFound, classConcluded, classNotStarted,
   * classMeetingsRemain
   */
  concludeClass(by: StaffActor, slug: string, classId: string, meetingsRemaining?: number) {
    return concludeClass(this.#ctx, by, slug, classId, meetingsRemaining);
  }

  /** 'Reabrir turma'. @throws classNotFound, classNotConcluded, classReopenConflict */
  reopenClass(by: StaffActor, slug: string, classId: string) {
    return reopenClass(this.#ctx, by, slug, classId);
  }

  /** The course's prerequisites, their default and exceptions (decision 061); a recorded view. */
  prerequisites(by: StaffActor, slug: string) {
    return prerequisites(this.#ctx, by, slug);
  }

  /** Coordenação's list (null: the content's default). @throws InvalidSettingsError */
  updatePrerequisites(by: StaffActor, slug: string, required: readonly string[] | null) {
    return updatePrerequisites(this.#ctx, by, slug, required);
  }

  /** 'Liberar inscrição' for one person and one course. */
  grantException(by: StaffActor, slug: string, personId: string) {
    return grantException(this.#ctx, by, slug, personId);
  }

  /** People found by e-mail or name; a recorded view. */
  findPeople(by: StaffActor, text: string) {
    return findPeople(this.#ctx, by, text);
  }

  /** The completions of the course's concluded classes; a recorded view. */
  completions(by: StaffActor, slug: string) {
    return completions(this.#ctx, by, slug);
  }

  /** Coordenação changes one completion with a reason. @throws completionNotFound */
  changeCompletion(
    by: StaffActor,
    slug: string,
    classId: string,
    personId: string,
    change: StaffCompletionChange,
  ) {
    return changeCompletion(this.#ctx, by, slug, classId, personId, change);
  }

  /**
   * 'Enviar mensagem à turma': to the class's confirmed people (and waiting list when asked).
   * @throws classNotFound, classWithoutRecipients, classMessageLimit, DirectoryError
   */
  sendClassMessage(
    by: StaffActor,
    slug: string,
    classId: string,
    request: StaffClassMessageRequest,
  ) {
    return sendClassMessage(this.#ctx, by, slug, classId, request);
  }

  /**
   * One meeting of a class skipped, cancelled, moved, added or restored (decision 091).
   * @throws classNotFound, classReadOnly, meetingNotFound, meetingPast
   */
  changeMeeting(by: StaffActor, slug: string, classId: string, request: StaffMeetingChangeRequest) {
    return changeMeeting(this.#ctx, by, slug, classId, request);
  }

  /** The centre's recesses (decision 092). */
  recesses() {
    return listRecesses(this.#ctx);
  }

  /** A recess entered: applied to every class not concluded, their people told. */
  addRecess(by: StaffActor, request: StaffRecessRequest) {
    return addRecess(this.#ctx, by, request);
  }

  /** A recess removed: its skips taken back from every class, their people told. */
  removeRecess(by: StaffActor, id: string) {
    return removeRecess(this.#ctx, by, id);
  }

  /** Staff of the built-in provider: granted roles and ADMIN_EMAILS. */
  roles(by: StaffActor) {
    return roles(this.#ctx, by);
  }

  grant(by: StaffActor, request: StaffGrantRequest): Promise<void> {
    return grant(this.#ctx, by, request);
  }

  revoke(by: StaffActor, request: StaffRevokeRequest): Promise<void> {
    return revoke(this.#ctx, by, request);
  }

  /** Records what `by` did elsewhere (the content's saves): ids and counts only in `details`. */
  record(by: StaffActor, action: string, details: Record<string, unknown>): Promise<void> {
    return record(this.#ctx, by, action, { details });
  }

  /**
   * Before a person deletes their account: refused when they are the only Coordenação.
   * @throws LastCoordinatorAccountError
   */
  ensureNotLastCoordinator(personId: string): Promise<void> {
    return ensureNotLastCoordinator(this.#ctx, personId);
  }

  /** A page of the record, filtered; the view is recorded. */
  actions(by: StaffActor, query: StaffActionsQuery) {
    return actions(this.#ctx, by, query);
  }
}
