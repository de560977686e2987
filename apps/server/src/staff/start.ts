/**
 * Starting the staff area: its service. (Interrupted removals are the enrolment's: its periodic
 * repair settles them.)
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { Directory } from '../directory/directory.js';
import type { StaffNotices } from '../enrolment/notices.js';
import type { EnrolmentService } from '../enrolment/service.js';
import type { Mail } from '../mail/mail.js';
import { createRecessStore } from '../classes/recess-store.js';
import { createClassMessageStore } from '../classes/class-message-store.js';
import { createClassStore } from '../classes/class-store.js';
import { createCourseStore } from '../courses/course-store.js';
import { createNextTermStore } from '../classes/next-term-store.js';
import { createPrerequisiteStore } from '../classes/prerequisite-store.js';
import { createCompletionStore } from '../classes/completion-store.js';
import { createStaffRepository } from './repository.js';
import { createDeskStore } from '../desk/desk-store.js';
import { StaffService } from './service.js';

export interface StartStaffOptions {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  directory: Directory;
  enrolment: EnrolmentService;
  /** Where the messages to a class go (decision 063). */
  mail: Pick<Mail, 'enqueue' | 'centre'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  identityProvider: 'embedded' | 'entra';
  adminEmails: readonly string[];
  /** What people are told of roles given and meetings changed. */
  notices?: StaffNotices;
  now?: () => Date;
  /** RETENTION_MONTHS_AFTER_COURSE (none: no retention, dates past it are not refused). */
  retentionMonths?: number;
}

export async function startStaff(options: StartStaffOptions): Promise<{ service: StaffService }> {
  const recesses = createRecessStore(options.database.db);
  const service = new StaffService({
    repository: createStaffRepository(options.database.db),
    courseStore: createCourseStore(options.database.db),
    classes: createClassStore(options.database.db),
    completions: createCompletionStore(options.database),
    prerequisites: createPrerequisiteStore(options.database.db),
    classMessages: createClassMessageStore(options.database, options.mail),
    recesses,
    nextTerm: createNextTermStore(options.database),
    // The recesses kept (decision 092) for the next term's proposal (decision 093).
    recessPeriods: async () =>
      (await recesses.all()).map((r) => ({ start: r.startsOn, end: r.endsOn })),
    directory: options.directory,
    desk: createDeskStore(options.database),
    enrolment: options.enrolment,
    identityProvider: options.identityProvider,
    adminEmails: options.adminEmails,
    log: options.log,
    centre: () => options.mail.centre(),
    ...(options.notices ? { notices: options.notices } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.retentionMonths === undefined ? {} : { retentionMonths: options.retentionMonths }),
  });
  return { service };
}
