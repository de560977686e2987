/**
 * The staff area: who may do what (roles.ts, role-grants.ts, monitors.ts) and the record of staff actions
 * (action-record.ts). Every list view and export is recorded (LGPD: the record answers "who saw
 * my data"); the classes module records through `record`. This class is the area's one entry
 * point for the routes; each method is its concern's module's function over the shared context
 * (context.ts).
 */
import { allCourses, type Course } from '@centro/content';
import type {
  StaffActionsQuery,
  StaffGrantRequest,
  StaffRevokeRequest,
  StaffRoleName,
} from '@centro/contracts';
import { NO_STAFF_NOTICES } from '../enrolment/notices.js';
import { actions } from './action-record.js';
import { type RecordedAction, record, type StaffActor, type StaffContext } from './context.js';
import { actorOf, ensureNotLastCoordinator, grant, revoke, roles } from './role-grants.js';
import { myClasses } from './monitors.js';
import type { AskedClass, StaffPermission } from './roles.js';

/** What the staff area is built with; absent ones take the product's defaults. */
export type StaffDeps = Omit<StaffContext, 'now' | 'notices' | 'courses'> & {
  /** The content's courses (none: every course of the content). */
  courses?: readonly Course[];
  now?: () => Date;
  /** What people are told of roles given and taken back (none: nothing). */
  notices?: StaffContext['notices'];
};

export class StaffService {
  readonly #ctx: StaffContext;

  constructor(deps: StaffDeps) {
    this.#ctx = {
      ...deps,
      adminEmails: deps.adminEmails.map((e) => e.toLowerCase()),
      courses: new Map((deps.courses ?? allCourses()).map((c) => [c.slug, c])),
      now: deps.now ?? (() => new Date()),
      notices: deps.notices ?? NO_STAFF_NOTICES,
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

  /**
   * Records what `by` did elsewhere (a class's operations, the content's saves): ids, counts and
   * settings only.
   */
  record(by: StaffActor, action: string, extra: RecordedAction = {}): Promise<void> {
    return record(this.#ctx, by, action, extra);
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
