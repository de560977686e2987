/**
 * What every part of the staff area works with: its tables, the directory, the enrolment, the
 * courses, the clock, and the record of staff actions (LGPD: every list view and export is
 * recorded, so the record answers "who saw my data").
 */
import type { RecessStore } from '../classes/recess-store.js';
import type { Course } from '@centro/content';
import type { StaffRoleName } from '@centro/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ClassRow, ClassStore } from '../classes/class-store.js';
import type { CourseStore } from '../courses/course-store.js';
import type { Directory } from '../directory/directory.js';
import type { StaffNotices } from '../enrolment/notices.js';
import type { EnrolmentService } from '../enrolment/service.js';
import type { MessageCentre } from '../mail/messages/layout.js';
import { Refusal } from '../refusals/refusal.js';
import type { NextTermStore } from '../classes/next-term-store.js';
import type { RecessPeriod } from '../classes/next-term-rules.js';
import type { PrerequisiteStore } from '../classes/prerequisite-store.js';
import type { ClassMessageStore } from '../classes/class-message-store.js';
import type { CompletionStore } from '../classes/completion-store.js';
import type { DeskStore } from '../desk/desk-store.js';
import { StaffCourseNotFoundError } from './errors.js';
import type { StaffRepository } from './repository.js';
import { actingRole, type MonitoredClass } from './roles.js';

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The person acting, with the roles checked for this request. */
export interface StaffActor {
  id: string;
  name: string;
  /** The sign-in (or directory) e-mail, kept on the person's rows of the record; '' unknown. */
  email: string;
  roles: StaffRoleName[];
  /** The classes the person monitors (decision 098); none for Entra's people. */
  monitors: readonly MonitoredClass[];
}

export interface StaffContext {
  repository: StaffRepository;
  /** The `courses` table (settings, places taken). */
  courseStore: CourseStore;
  /** The `classes` table (the courses module's store). */
  classes: ClassStore;
  /** Concluding a class and its completions. */
  completions: CompletionStore;
  /** Coordenação's prerequisites and the exceptions (decision 061). */
  prerequisites: PrerequisiteStore;
  /** 'Enviar mensagem à turma': the messages sent to classes and their outbox rows. */
  classMessages: ClassMessageStore;
  /** The centre's recesses (decision 092). */
  recesses: RecessStore;
  /** 'Preparar próximo semestre': the term's classes created together (decision 093). */
  nextTerm: NextTermStore;
  /** The centre's recesses, applied to the next term's classes (none until they are kept). */
  recessPeriods: () => Promise<RecessPeriod[]>;
  directory: Directory;
  /** People enrolled at the desk without an account, and the guests of meetings (decision 095). */
  desk: DeskStore;
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
  /** Where roles come from: the database and ADMIN_EMAILS, or Entra's `roles` claim. */
  identityProvider: 'embedded' | 'entra';
  /**
   * Lower case. They make Coordenação only of an account whose e-mail is confirmed: otherwise
   * whoever signed up first with the address would be a coordinator.
   */
  adminEmails: readonly string[];
  log: Log;
  /** The content's courses, by slug. */
  courses: Map<string, Course>;
  now: () => Date;
  /**
   * RETENTION_MONTHS_AFTER_COURSE: a class is not given dates that put it past its retention
   * already (undefined: no retention, no such check).
   */
  retentionMonths: number | undefined;
  /** What people are told of roles given and meetings changed. */
  notices: StaffNotices;
  /** The centre as published now, named by the messages composed here (decision 073). */
  centre: () => MessageCentre;
}

export const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** A view repeated within this time of the person's last row (the same view) adds to it. */
export const REPEATED_VIEW_MS = 10 * 60_000;

/**
 * Records what `actor` did (ids, counts and settings only in `details`). A view (`*.view`) of the
 * same thing right after the same one counts on that row ('(3×)') instead of writing another.
 */
export async function record(
  ctx: StaffContext,
  actor: StaffActor,
  action: string,
  extra: {
    course?: string;
    subject?: string;
    /**
     * The accounts the action concerned when they are several (a list's people, an attendance's:
     * decisions 078 and 081).
     */
    subjects?: readonly string[];
    details?: Record<string, unknown>;
  } = {},
): Promise<void> {
  await ctx.repository.recordAction(
    {
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email === '' ? null : actor.email,
      actorRole: actingRole(actor.roles),
      action,
      courseSlug: extra.course,
      subjectId: extra.subject,
      subjects: extra.subjects,
      details: extra.details ?? {},
    },
    ctx.now(),
    action.endsWith('.view') ? { withinMs: REPEATED_VIEW_MS } : undefined,
  );
}

/**
 * The content's course and the class asked for (`turma`, a class id), else the course's current
 * class: its latest open, else running, else planned, else its latest (decision 062).
 * @throws StaffCourseNotFoundError, Refusal classNotFound (not one of the course's classes)
 */
export async function classOf(
  ctx: StaffContext,
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
  ctx: StaffContext,
  slug: string,
  turma?: string,
): Promise<{ course: Course; row: ClassRow }> {
  const found = await classOf(ctx, slug, turma);
  if (found.row.state === 'concluded') throw new Refusal('classReadOnly');
  return found;
}
