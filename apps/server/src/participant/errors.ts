/**
 * Why the participant's own space could not do what was asked. The API's error handler
 * (plugins/error-handler.ts) gives each its status, code and pt-BR message.
 */
import { DirectoryError } from '../directory/directory.js';
import { CancellationIncompleteError } from '../enrolment/errors.js';

/**
 * The directory failed while the account was being deleted: the courses already left stay left,
 * the account stays; deleting again goes on from there.
 */
export class AccountDeletionIncompleteError extends Error {
  override name = 'AccountDeletionIncompleteError';
  readonly status: 502 | 503;
  constructor(cause: unknown) {
    super('The account deletion could not be completed.', { cause });
    this.status =
      cause instanceof CancellationIncompleteError || cause instanceof DirectoryError
        ? cause.status
        : 502;
  }
}
