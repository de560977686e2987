/**
 * The person's record (spec section 7): POST /api/user/details, the two update calls, and the reading
 * of a person in an answer of the provider's Graph (`GET /v1.0/me`) or of the API (their `data`),
 * shaped as packages/contracts says (graphMeSchema, userDetailsResponseSchema) and checked by hand:
 * zod stays out of the browser. Shared by the sign-in code (get-user.ts, in MSAL's chunk), the
 * profile and the enrolment: the bundler gives it a small chunk of its own, loaded by any of them and
 * never by an anonymous visitor's first page.
 */
import type {
  SecurityAttributesRequest,
  UpdatableUserField,
  UserDetailsRequest,
} from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson, isRecord } from '~/lib/api-client';
import { UnexpectedAnswerError } from '~/lib/api-error';
import type { AuthUser, UserWithToken } from '../types';

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

/** The person in an API answer's `data`. */
export function userOf(answer: unknown, source: string): AuthUser {
  return toAuthUser(isRecord(answer) ? answer.data : undefined, source);
}

/** POST /api/user/details: the product's user state, for the person's id and bound token. */
export async function fetchUserDetails({ user, token }: UserWithToken): Promise<AuthUser> {
  const body: UserDetailsRequest = { id: user.id, token };
  return userOf(
    await fetchJson(apiPaths.userDetails, { method: 'POST', body }),
    apiPaths.userDetails,
  );
}

/** POST /api/user/update: one field; resolves to the person's details after the change. */
export async function updateUserField(request: {
  id: string;
  token: string;
  param: UpdatableUserField;
  value: string;
}): Promise<AuthUser> {
  return userOf(
    await fetchJson(apiPaths.userUpdate, { method: 'POST', body: request }),
    apiPaths.userUpdate,
  );
}

/** POST /api/user/update/security-attributes: the birth date (DD/MM/YYYY). */
export async function updateBirthDate(request: SecurityAttributesRequest): Promise<AuthUser> {
  return userOf(
    await fetchJson(apiPaths.securityAttributes, { method: 'POST', body: request }),
    apiPaths.securityAttributes,
  );
}
