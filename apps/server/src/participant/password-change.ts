/**
 * 'Alterar senha' in Perfil, for the built-in provider's accounts: the current password first, its
 * guesses counted with the sign-in's limits for the account's e-mail and the client's address (so
 * Perfil is no way around them); the new one by the sign-up's rules.
 */
import { validatePassword } from '../idp/routes/form-validation.js';
import { hashPassword, verifyPassword } from '../idp/store/passwords.js';
import { Refusal } from '../refusals/refusal.js';
import type { ParticipantRepository } from './repository.js';

/**
 * @throws Refusal userNotFound, tooManyRequests, wrongCurrentPassword, newPasswordRefused
 */
export async function changeOwnPassword(
  repository: Pick<ParticipantRepository, 'passwordOf' | 'setPassword' | 'throttle'>,
  userId: string,
  change: { current: string; password: string },
  request: { address: string; now: Date },
): Promise<void> {
  const account = await repository.passwordOf(userId);
  if (!account) throw new Refusal('userNotFound');
  const { throttle } = repository;
  const admission = await throttle.admit(account.email, request.address);
  if (!admission.allowed) {
    throw new Refusal('tooManyRequests', {
      details: { retryAfterSeconds: admission.retryAfterSeconds },
    });
  }
  if (!(await verifyPassword(change.current, account.password_hash))) {
    await throttle.failed(admission);
    throw new Refusal('wrongCurrentPassword', { field: 'current' });
  }
  await throttle.succeeded(account.email, request.address);
  const checked = validatePassword(change.password, [account.display_name, account.email]);
  if (typeof checked !== 'string') {
    throw new Refusal('newPasswordRefused', {
      details: { message: checked.error },
      field: 'password',
    });
  }
  await repository.setPassword(userId, await hashPassword(checked), request.now);
}
