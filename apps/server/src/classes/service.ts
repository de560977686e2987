/**
 * The classes module's services, the routes' entry points (decorated as `classes`, `rosters` and
 * `prerequisites` by plugins/services/classes.ts): a course's classes and their life, settings
 * and messages (ClassService); a class's people, exports, moves and attendance (RosterService);
 * prerequisites and completions (PrerequisiteService). Each method is its concern's module's
 * function over the one context they share (context.ts). Every list view and export is recorded
 * in the staff's record (LGPD: the record answers "who saw my data").
 */
import { allCourses, type Course } from '@centro/content';
import type {
  StaffClassMessageRequest,
  StaffCompletionChange,
  StaffCourseSettings,
  StaffCourseSettingsResponse,
  StaffCourseSummary,
  DeskNewPerson,
  StaffNewClassRequest,
  StaffPrepareTermRequest,
  StaffMeetingChangeRequest,
  StaffRecessRequest,
} from '@centro/contracts';
import { NO_STAFF_NOTICES } from '../enrolment/notices.js';
import type { StaffActor } from '../staff/context.js';
import { deskEnrol, walkIn } from '../desk/desk-enrolment.js';
import { attendance, markAttendance } from './attendance.js';
import { sendClassMessage } from './class-messages.js';
import { classes, concludeClass, createClass, openClass, reopenClass } from './classes.js';
import type { ClassContext } from './context.js';
import { settings, updateSettings } from './course-settings.js';
import { prepareTerm, termProposal } from './next-term.js';
import { overview } from './overview.js';
import { changeMeeting } from './meetings.js';
import { addRecess, listRecesses, removeRecess } from './recesses.js';
import { checkIn } from './check-in.js';
import {
  exportRows,
  exportWaiting,
  move,
  participants,
  type ParticipantsQuery,
  remove,
} from './participants.js';
import {
  changeCompletion,
  completions,
  findPeople,
  grantException,
  prerequisites,
  updatePrerequisites,
} from './prerequisites.js';

/** What the classes module is built with; absent ones take the product's defaults. */
export type ClassDeps = Omit<ClassContext, 'courses' | 'now' | 'notices' | 'retentionMonths'> & {
  /** The content's courses (none: every course of the content). */
  courses?: readonly Course[];
  now?: () => Date;
  /** What people are told of meetings changed and classes concluded (none: nothing). */
  notices?: ClassContext['notices'];
  /** RETENTION_MONTHS_AFTER_COURSE (none: no retention, dates past it are not refused). */
  retentionMonths?: number;
};

/** The context the module's services share. */
export function createClassContext(deps: ClassDeps): ClassContext {
  return {
    ...deps,
    courses: new Map((deps.courses ?? allCourses()).map((c) => [c.slug, c])),
    now: deps.now ?? (() => new Date()),
    notices: deps.notices ?? NO_STAFF_NOTICES,
    retentionMonths: deps.retentionMonths,
  };
}

// `turma` (a class id) below: that class of the course; absent, its current class (decision
// 062). A class of another course: Refusal classNotFound. A concluded class is read-only: its
// changes are Refusal classReadOnly.

/** A course's classes: their list, life (open, conclude, reopen), settings and messages. */
export class ClassService {
  readonly #ctx: ClassContext;

  constructor(ctx: ClassContext) {
    this.#ctx = ctx;
  }

  /** Every course with its current class, in counts; a recorded view. */
  overview(by: StaffActor): Promise<StaffCourseSummary[]> {
    return overview(this.#ctx, by);
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
}

/** A class's people: its lists, their exports, removals and moves, and its attendance. */
export class RosterService {
  readonly #ctx: ClassContext;

  constructor(ctx: ClassContext) {
    this.#ctx = ctx;
  }

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

  /** 'Inscrever no balcão' (decision 095): an account or a person without one, into the class. */
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
}

/** A course's prerequisites, their exceptions, and the completions that satisfy them. */
export class PrerequisiteService {
  readonly #ctx: ClassContext;

  constructor(ctx: ClassContext) {
    this.#ctx = ctx;
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
}
