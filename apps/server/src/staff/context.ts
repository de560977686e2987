/**
 * What every part of the staff area works with: its tables, the directory, the clock, and the
 * record of staff actions (LGPD: every list view and export is recorded, so the record answers
 * "who saw my data"). A class's operations are the classes module's (classes/context.ts); the
 * staff area reads classes only for the role of one class's monitor (decision 098).
 */
import type { Course } from '@centro/content';
import type { StaffRoleName } from '@centro/contracts';
import type { ClassStore } from '../classes/class-store.js';
import type { Directory } from '../directory/directory.js';
import type { StaffNotices } from '../enrolment/notices.js';
import type { Log } from '../logging.js';
import type { StaffRepository } from './repository.js';
import { actingRole, type MonitoredClass } from './roles.js';

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
  /** The classes a monitor's role is of (decision 098). */
  classes: ClassStore;
  /** The content's courses, by slug. */
  courses: Map<string, Course>;
  directory: Directory;
  /** Where roles come from: the database and ADMIN_EMAILS, or Entra's `roles` claim. */
  identityProvider: 'embedded' | 'entra';
  /**
   * Lower case. They make Coordenação only of an account whose e-mail is confirmed: otherwise
   * whoever signed up first with the address would be a coordinator.
   */
  adminEmails: readonly string[];
  log: Log;
  now: () => Date;
  /** What people are told of roles given and taken back. */
  notices: Pick<StaffNotices, 'roleGranted' | 'roleRevoked'>;
}

/** What a staff action leaves in the record (ids, counts and settings only in `details`). */
export interface RecordedAction {
  course?: string;
  subject?: string;
  /**
   * The accounts the action concerned when they are several (a list's people, an attendance's:
   * decisions 078 and 081).
   */
  subjects?: readonly string[];
  details?: Record<string, unknown>;
}

/** Records a staff action: the staff service's `record`, as other modules call it. */
export type StaffRecorder = (
  actor: StaffActor,
  action: string,
  extra?: RecordedAction,
) => Promise<void>;

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
  extra: RecordedAction = {},
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
