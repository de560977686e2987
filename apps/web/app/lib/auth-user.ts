/**
 * The person in an answer of the provider's Graph (`GET /v1.0/me`) or of the API (the `data` of the
 * user-details and user-update answers), shaped as in packages/contracts (graphMeSchema,
 * userDetailsResponseSchema) and checked by hand: zod stays out of the browser. Shared by the
 * sign-in code (auth/user.ts, in MSAL's chunk) and the API calls (lib/api.ts, in the signed-in
 * screens' chunk): the bundler gives it a small chunk of its own, loaded by either and never by an
 * anonymous visitor's first page.
 */
import type { AuthUser } from '~/auth/types';

/** An answer without what the call promises. */
export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const optionalString = (value: unknown): string | null =>
  typeof value === 'string' ? value : null;

/** The person described by `value`; `source` names the answer in the error when it has no id. */
export function toAuthUser(value: unknown, source: string): AuthUser {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') {
    throw new UnexpectedAnswerError(`${source} answered without a user id`);
  }
  return {
    id: value.id,
    displayName: optionalString(value.displayName),
    mail: optionalString(value.mail),
    mobilePhone: optionalString(value.mobilePhone),
    birthday: optionalString(value.birthday),
    extensionCelular: optionalString(value.extensionCelular),
    extensionDataNascimento: optionalString(value.extensionDataNascimento),
    ...(value.dataNascimento !== undefined
      ? { dataNascimento: optionalString(value.dataNascimento) }
      : {}),
  };
}
