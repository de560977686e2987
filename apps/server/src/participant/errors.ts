/**
 * Why the participant's own space could not do what was asked: a refusal (refusals/refusal.ts),
 * its line in refusals/catalogue.ts giving its HTTP status, code and pt-BR message.
 */
import { DirectoryError } from '../directory/directory.js';
import { CancellationIncompleteError } from '../enrolment/errors.js';
import { Refusal } from '../refusals/refusal.js';

/**
 * The directory failed while the account was being deleted: the courses already left stay left,
 * the account stays; deleting again goes on from there.
 */
export class AccountDeletionIncompleteError extends Refusal<'accountDeletionIncomplete'> {
  override name = 'AccountDeletionIncompleteError';
  constructor(cause: unknown) {
    super('accountDeletionIncomplete', {
      status:
        cause instanceof CancellationIncompleteError || cause instanceof DirectoryError
          ? cause.status
          : 502,
      cause,
      message: 'The account deletion could not be completed.',
    });
  }
}
