/**
 * Why a staff request was refused. The API's error handler (plugins/error-handler.ts) gives each
 * its status, code and pt-BR message.
 */
import type { StaffPermission } from './roles.js';

/** A signed-in person without the role the action needs. */
export class StaffForbiddenError extends Error {
  override name = 'StaffForbiddenError';
  /** `staff`: the person has a staff role, only not this one (Secretaria on a Coordenação action). */
  constructor(
    readonly permission: StaffPermission,
    readonly staff: boolean,
  ) {
    super(`The person's roles do not allow "${permission}".`);
  }
}

/** No course with this slug. */
export class StaffCourseNotFoundError extends Error {
  override name = 'StaffCourseNotFoundError';
  constructor() {
    super('No such course.');
  }
}

/** Places below the places already taken. */
export class PlacesBelowTakenError extends Error {
  override name = 'PlacesBelowTakenError';
  constructor(readonly taken: number) {
    super('Places cannot be fewer than the places taken.');
  }
}

/** Settings that do not fit together (closing before opening, a first meeting date...). */
export class InvalidSettingsError extends Error {
  /** Its `message` is pt-BR: it is the answer's. */
  override name = 'InvalidSettingsError';
}

/** The person holds no confirmed place in the course. */
export class NotEnrolledError extends Error {
  override name = 'NotEnrolledError';
  constructor() {
    super('The person is not enrolled in the course.');
  }
}

/** The directory failed while removing the person from the course's group (nothing changed). */
export class RemovalIncompleteError extends Error {
  override name = 'RemovalIncompleteError';
  constructor(
    readonly status: 502 | 503,
    options?: ErrorOptions,
  ) {
    super('The removal could not be completed.', options);
  }
}

/** Revoking the last Coordenação. */
export class LastCoordinatorError extends Error {
  override name = 'LastCoordinatorError';
  constructor() {
    super('The last coordinator cannot be removed.');
  }
}

/** No account with this e-mail (roles are granted to existing accounts). */
export class AccountNotFoundError extends Error {
  override name = 'AccountNotFoundError';
  constructor() {
    super('No account with this e-mail.');
  }
}

/** With Entra ID, roles are the tenant's app-role assignments, not granted here. */
export class RolesManagedByProviderError extends Error {
  override name = 'RolesManagedByProviderError';
  constructor() {
    super('Roles are assigned in Microsoft Entra ID.');
  }
}
