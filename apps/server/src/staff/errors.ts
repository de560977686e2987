/**
 * Why a staff request was refused: refusals (refusals/refusal.ts), each a line of
 * refusals/catalogue.ts that gives its HTTP status, code and pt-BR message. The named classes are
 * the staff area's vocabulary for its throw sites; a new refusal needs only its catalogue line
 * (`throw new Refusal('name')`).
 */
import { Refusal, refusalClass } from '../refusals/refusal.js';
import type { StaffCourseSettings } from '@centro/contracts';
import { coordinationOnly, type StaffPermission } from './roles.js';

/** Why a staff member is refused: the roles that may, when saying them is true. */
function staffRefusal(permission: StaffPermission) {
  if (permission === 'content') return 'contentRolesOnly';
  return coordinationOnly(permission) ? 'coordinationOnly' : 'roleNotAllowed';
}

/** A signed-in person without the role the action needs. */
export class StaffForbiddenError extends Refusal<
  'staffForbidden' | 'coordinationOnly' | 'contentRolesOnly' | 'roleNotAllowed'
> {
  override name = 'StaffForbiddenError';
  /**
   * `staff`: the person has a staff role, only not this one (Secretaria on a Coordenação action,
   * Comunicação on the participants).
   */
  constructor(
    readonly permission: StaffPermission,
    readonly staff: boolean,
  ) {
    super(staff ? staffRefusal(permission) : 'staffForbidden', {
      message: `The person's roles do not allow "${permission}".`,
    });
  }
}

/** Places below the places already taken. */
export class PlacesBelowTakenError extends Refusal<'placesBelowTaken'> {
  override name = 'PlacesBelowTakenError';
  constructor(readonly taken: number) {
    super('placesBelowTaken', {
      details: { taken },
      message: 'Places cannot be fewer than the places taken.',
      field: 'places',
    });
  }
}

/** Settings that do not fit together (closing before opening, a first meeting date...). */
export class InvalidSettingsError extends Refusal<'invalidSettings'> {
  override name = 'InvalidSettingsError';
  /** `message` is pt-BR: it is the answer's; `field` the setting it is about. */
  constructor(message: string, field?: keyof StaffCourseSettings) {
    super('invalidSettings', { details: { message }, message, ...(field ? { field } : {}) });
  }
}

/** The directory failed while removing the person from the course's group (nothing changed). */
export class RemovalIncompleteError extends Refusal<'removalIncomplete'> {
  override name = 'RemovalIncompleteError';
  constructor(status: 502 | 503, options?: ErrorOptions) {
    super('removalIncomplete', {
      status,
      cause: options?.cause,
      message: 'The removal could not be completed.',
    });
  }
}

/** No course with this slug. */
export const StaffCourseNotFoundError = refusalClass(
  'StaffCourseNotFoundError',
  'courseNotFound',
  'No such course.',
);
/** The person holds no confirmed place in the course. */
export const NotEnrolledError = refusalClass(
  'NotEnrolledError',
  'notEnrolled',
  'The person is not enrolled in the course.',
);
/** Revoking the last Coordenação. */
export const LastCoordinatorError = refusalClass(
  'LastCoordinatorError',
  'lastCoordinator',
  'The last coordinator cannot be removed.',
);
/** Revoking Coordenação that comes from ADMIN_EMAILS. */
export const RoleFromAdminEmailsError = refusalClass(
  'RoleFromAdminEmailsError',
  'roleFromAdminEmails',
  'The role comes from ADMIN_EMAILS.',
);
/** Deleting the account of the only Coordenação. */
export const LastCoordinatorAccountError = refusalClass(
  'LastCoordinatorAccountError',
  'lastCoordinatorAccount',
  'The only coordinator cannot delete their account.',
);
/** No account with this e-mail (roles are granted to existing accounts). */
export const AccountNotFoundError = refusalClass(
  'AccountNotFoundError',
  'accountNotFound',
  'No account with this e-mail.',
);
/** With Entra ID, roles are the tenant's app-role assignments, not granted here. */
export const RolesManagedByProviderError = refusalClass(
  'RolesManagedByProviderError',
  'rolesManagedByProvider',
  'Roles are assigned in Microsoft Entra ID.',
);
