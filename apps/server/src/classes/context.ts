/**
 * What every part of the classes module works with: its tables, the directory, the enrolment, the
 * courses, the clock, and the staff's record (LGPD: every list view and export is recorded, so the
 * record answers "who saw my data"). Built once by `createClassContext` and shared by the module's
 * services (service.ts).
 */
import type { Course } from '@centro/content';
import type { CourseStore } from '../courses/course-store.js';
import type { Directory } from '../directory/directory.js';
import type { StaffNotices } from '../enrolment/notices.js';
import type { EnrolmentService } from '../enrolment/service.js';
import type { Log } from '../logging.js';
import type { MessageCentre } from '../mail/messages/layout.js';
import { Refusal } from '../refusals/refusal.js';
import type { StaffActor, StaffRecorder } from '../staff/context.js';
import { StaffCourseNotFoundError } from '../staff/errors.js';
import type { DeskStore } from '../desk/desk-store.js';
import type { ClassMessageStore } from './class-message-store.js';
import type { ClassRow, ClassStore } from './class-store.js';
import type { CompletionStore } from './completion-store.js';
import type { NextTermStore } from './next-term-store.js';
import type { PrerequisiteStore } from './prerequisite-store.js';
import type { RecessStore } from './recess-store.js';
import type { RosterStore } from './roster-store.js';

export { collator } from '../staff/context.js';
export type { StaffActor } from '../staff/context.js';

export interface ClassContext {
  /** A class's enrolments, waiting list and attendance. */
  roster: RosterStore;
  /** The `courses` table (settings, places taken). */
  courseStore: CourseStore;
  /** The `classes` table. */
  classes: ClassStore;
  /** Concluding a class and its completions. */
  completions: CompletionStore;
  /** Coordenação's prerequisites and the exceptions (decision 061). */
  prerequisites: PrerequisiteStore;
  /** 'Enviar mensagem à turma': the messages sent to classes and their outbox rows. */
  classMessages: ClassMessageStore;
  /** 'Preparar próximo semestre': the term's classes created together (decision 093). */
  nextTerm: NextTermStore;
  /** The centre's recesses (decision 092). */
  recesses: RecessStore;
  directory: Directory;
  /** Removals, changes of places and the waiting lists go through the enrolment. */
  enrolment: Pick<
    EnrolmentService,
    | 'classRef'
    | 'removeConfirmed'
    | 'moveConfirmed'
    | 'changeClass'
    | 'waitingCounts'
    | 'enrol'
    | 'joinWaitingList'
  >;
  /** People enrolled at the desk without an account, and the guests of meetings (decision 095). */
  desk: DeskStore;
  log: Log;
  /** The content's courses, by slug. */
  courses: Map<string, Course>;
  now: () => Date;
  /**
   * RETENTION_MONTHS_AFTER_COURSE: a class is not given dates that put it past its retention
   * already (undefined: no retention, no such check).
   */
  retentionMonths: number | undefined;
  /** What people are told of meetings changed and classes concluded or reopened. */
  notices: Pick<
    StaffNotices,
    'classConcluded' | 'classReopened' | 'withInviteNotices' | 'withMeetingNotices'
  >;
  /** The centre as published now, named by the messages composed here (decision 073). */
  centre: () => MessageCentre;
  /** The staff's record of actions (the staff service's `record`). */
  record: StaffRecorder;
}

/** Records what `actor` did in the staff's record (ids, counts and settings only). */
export function record(
  ctx: Pick<ClassContext, 'record'>,
  actor: StaffActor,
  action: string,
  extra: Parameters<StaffRecorder>[2] = {},
): Promise<void> {
  return ctx.record(actor, action, extra);
}

/** The content's course of that slug. @throws StaffCourseNotFoundError */
export function contentCourse(ctx: Pick<ClassContext, 'courses'>, slug: string): Course {
  const course = ctx.courses.get(slug);
  if (!course) throw new StaffCourseNotFoundError();
  return course;
}

/**
 * The content's course and the class asked for (`turma`, a class id), else the course's current
 * class: its latest open, else running, else planned, else its latest (decision 062).
 * @throws StaffCourseNotFoundError, Refusal classNotFound (not one of the course's classes)
 */
export async function classOf(
  ctx: Pick<ClassContext, 'courses' | 'classes'>,
  slug: string,
  turma?: string,
): Promise<{ course: Course; row: ClassRow }> {
  const course = ctx.courses.get(slug);
  if (!course) throw new StaffCourseNotFoundError();
  const id = turma ?? (await ctx.classes.currentOf(slug));
  const row = id === null ? undefined : await ctx.classes.byId(id);
  if (row?.course_slug !== slug) {
    throw turma === undefined ? new StaffCourseNotFoundError() : new Refusal('classNotFound');
  }
  return { course, row };
}

/**
 * As `classOf`, for a change: a concluded class is read-only (its participants and attendance
 * stay for the retention period, as they were).
 * @throws as classOf, and Refusal classReadOnly
 */
export async function writableClassOf(
  ctx: Pick<ClassContext, 'courses' | 'classes'>,
  slug: string,
  turma?: string,
): Promise<{ course: Course; row: ClassRow }> {
  const found = await classOf(ctx, slug, turma);
  if (found.row.state === 'concluded') throw new Refusal('classReadOnly');
  return found;
}
