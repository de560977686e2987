/**
 * The directory port: where people and course groups live. Two adapters implement it: `local`
 * (tables in our database, the embedded default) and `graph` (Microsoft Graph, production).
 * Routes and the enrolment rules only ever see this interface.
 */
import type { UpdatableUserField, UserDetails } from '@centro/contracts';
import { Refusal } from '../refusals/refusal.js';

export interface Directory {
  /** The person's details, or null when the directory has no such user. */
  getUser(id: string): Promise<UserDetails | null>;
  /** Changes one profile field (values already validated and normalised). */
  updateUser(id: string, field: UpdatableUserField, value: string): Promise<void>;
  /** Keeps the birth date (DD/MM/YYYY) as the person's security attribute. */
  setBirthDate(id: string, birthDate: string): Promise<void>;
  /** Adds the person to the group; succeeds when they already are a member. */
  addToGroup(groupId: string, userId: string): Promise<void>;
  /** Removes the person from the group; succeeds when they are not (or no longer) a member. */
  removeFromGroup(groupId: string, userId: string): Promise<void>;
  /**
   * Whether the person is a member of the group (used to repair interrupted enrolments). False when
   * the directory has no such person.
   */
  isMember(groupId: string, userId: string): Promise<boolean>;
  /** Resolves when the directory answers (readiness probe). */
  ping(): Promise<void>;
  /**
   * People whose name or e-mail matches `text` (staff's 'Liberar inscrição', decision 061): the
   * local directory finds it anywhere in them, Microsoft Graph at their beginning. At most `limit`.
   */
  findUsers(text: string, limit: number): Promise<FoundUser[]>;
}

/** A person found by `findUsers`. */
export interface FoundUser {
  id: string;
  displayName: string;
  mail: string;
}

/**
 * The directory could not do what was asked (unreachable, throttled beyond the retry budget,
 * refused). `status` is the HTTP status our API answers with: 502 or 503.
 */
export class DirectoryError extends Refusal<'directoryUnavailable'> {
  override name = 'DirectoryError';
  /**
   * The last attempt got no answer (a timeout, a lost connection, a gateway timeout): the directory
   * may have done what was asked. A change then stays to be settled by reading the directory
   * (`isMember`), never undone on the assumption that it did not happen.
   */
  readonly outcomeUnknown: boolean;
  constructor(
    message: string,
    status: 502 | 503,
    options?: { cause?: unknown; outcomeUnknown?: boolean },
  ) {
    super('directoryUnavailable', { status, cause: options?.cause, message });
    this.outcomeUnknown = options?.outcomeUnknown ?? false;
  }
}

/**
 * The directory refuses to change this field of this person: Entra ID lets no application change the
 * `mobilePhone` of a user holding a privileged administrator role (only an administrator can), nor
 * the properties of a user synced from an on-premises directory (the sync owns them).
 */
export class DirectoryProtectedFieldError extends Refusal<'protectedAccount'> {
  override name = 'DirectoryProtectedFieldError';
  constructor(
    readonly field: string,
    options?: { cause?: unknown },
  ) {
    super('protectedAccount', {
      cause: options?.cause,
      message: `The directory does not let the server's app change ${field} of this user.`,
    });
  }
}

/** The user does not exist in the directory. */
export class DirectoryUserNotFoundError extends Refusal<'userNotFound'> {
  override name = 'DirectoryUserNotFoundError';
  constructor(message = 'The directory has no such user.', options?: { cause?: unknown }) {
    super('userNotFound', { cause: options?.cause, message });
  }
}

/**
 * The group does not exist in the directory. The API only ever names the groups of the content's
 * courses, so this means the content and the directory disagree (a configuration problem): it is a
 * DirectoryError with status 502.
 */
export class DirectoryGroupNotFoundError extends DirectoryError {
  override name = 'DirectoryGroupNotFoundError';
  constructor(message = 'The directory has no such group.', options?: { cause?: unknown }) {
    super(message, 502, options);
  }
}
