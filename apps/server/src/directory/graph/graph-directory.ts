/**
 * The `graph` directory (production): the centre's Microsoft Entra tenant through Microsoft Graph
 * v1.0, with the app-only token of the server's app registration.
 *
 *   getUser      GET   /users/{id}?$select=id,displayName,mail,identities,otherMails,mobilePhone,<extensions>,customSecurityAttributes
 *                      (+ GET /users/{id}?$select=birthday, optional: see below)
 *   updateUser   PATCH /users/{id} {<field>: value}
 *   setBirthDate PATCH /users/{id} {customSecurityAttributes: {<set>: {@odata.type, <attr>: "DD/MM/YYYY"}}}
 *   addToGroup   POST  /groups/{groupId}/members/$ref {"@odata.id": "<base>/directoryObjects/{userId}"}
 *   removeFromGroup DELETE /groups/{groupId}/members/{userId}/$ref
 *   isMember     POST  /users/{userId}/checkMemberGroups {groupIds: [groupId]}
 *   ping         GET   /users?$select=id&$top=1
 *
 * The contact address is `mail`; an External ID customer who signed up with e-mail and password or
 * a one-time code may have it empty, the address then being the `emailAddress` identity's
 * `issuerAssignedId` (else the first of `otherMails`): see `contactMailOf`. In an External ID tenant
 * the profile's 'E-mail' is written to `otherMails`, as Graph advises for customer accounts ("we
 * don't recommend updating [mail] for Azure AD B2C user profiles. Use the otherMails property
 * instead"), and read back first.
 *
 * `birthday` is a SharePoint-backed profile property: tenants without SharePoint Online (Entra
 * External ID ones, for instance) refuse it to app-only callers. It is therefore read in a separate,
 * single-attempt call whose failure only leaves `birthday` null; after a refusal (4xx) this process
 * stops asking.
 */
import type { UpdatableUserField, UserDetails } from '@centro/contracts';
import {
  type Directory,
  DirectoryError,
  type FoundUser,
  DirectoryProtectedFieldError,
  DirectoryGroupNotFoundError,
  DirectoryUserNotFoundError,
} from '../directory.js';
import type { DirectoryLogger } from '../directory-logger.js';
import type { GraphClient, GraphResponse } from './graph-client.js';

export const CSA_ODATA_TYPE = '#Microsoft.DirectoryServices.CustomSecurityAttributeValue';

export interface GraphDirectoryNames {
  /** extension_<appId>_Celular, or undefined when the tenant has no such attribute. */
  extensionCelular?: string | undefined;
  extensionDataNascimento?: string | undefined;
  /**
   * Custom security attribute set and attribute of the birth date; both undefined: the birth date is
   * kept in `extensionDataNascimento` (External ID tenants have no custom security attributes).
   */
  csaSet: string | undefined;
  csaBirthDate: string | undefined;
  /**
   * An External ID tenant: the contact address is kept in `otherMails` (Graph's advice for customer
   * accounts), not `mail`.
   */
  contactInOtherMails?: boolean | undefined;
}

/** Graph's 400 for a member who already is one (the reference already exists). */
export function isAlreadyMemberError(res: GraphResponse): boolean {
  return res.status === 400 && /already exist/i.test(res.error?.message ?? '');
}

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : String(value);
}

/** Graph answers 0001-01-01T00:00:00Z (or similar) for a birthday nobody set. */
function birthdayOf(value: unknown): string | null {
  const v = text(value);
  return v === null || v === '' || v.startsWith('0001-') ? null : v;
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const inner = (value as Record<string, unknown>)[key];
  return inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : undefined;
}

/**
 * The person's contact address: `mail`, else the local account's e-mail identity (an External ID
 * customer's sign-in address), else the first of `otherMails`.
 */
export function contactMailOf(
  user: Record<string, unknown>,
  otherMailsFirst = false,
): string | null {
  const mail = text(user.mail);
  if (mail) return mail;
  let signIn: string | undefined;
  const identities = Array.isArray(user.identities) ? (user.identities as unknown[]) : [];
  for (const identity of identities) {
    if (!identity || typeof identity !== 'object') continue;
    const { signInType, issuerAssignedId } = identity as Record<string, unknown>;
    if (signInType === 'emailAddress' && typeof issuerAssignedId === 'string' && issuerAssignedId) {
      signIn = issuerAssignedId;
      break;
    }
  }
  const others = Array.isArray(user.otherMails) ? (user.otherMails as unknown[]) : [];
  const other = others.find((m): m is string => typeof m === 'string' && m !== '');
  // Where the profile writes the contact address (External ID), what it wrote comes first.
  return (otherMailsFirst ? (other ?? signIn) : (signIn ?? other)) ?? null;
}

const segment = encodeURIComponent;

/** Graph's 400 message for a property of a user the on-premises sync owns. */
const ON_PREMISES_MASTERED = /on-premises mastered|originated within an external service/i;

export class GraphDirectory implements Directory {
  private birthdayAvailable = true;

  constructor(
    private readonly client: GraphClient,
    private readonly names: GraphDirectoryNames,
    private readonly logger: DirectoryLogger,
  ) {}

  async getUser(id: string): Promise<UserDetails | null> {
    const { extensionCelular, extensionDataNascimento } = this.names;
    const select = [
      'id',
      'displayName',
      'mail',
      'identities',
      'otherMails',
      'mobilePhone',
      ...(extensionCelular ? [extensionCelular] : []),
      ...(extensionDataNascimento ? [extensionDataNascimento] : []),
      ...(this.names.csaSet ? ['customSecurityAttributes'] : []),
    ];
    const birthday = this.birthdayAvailable ? this.readBirthday(id) : Promise.resolve(null);
    const res = await this.client.call('getUser', {
      method: 'GET',
      path: `/users/${segment(id)}`,
      query: { $select: select.join(',') },
    });
    if (res.status === 404) return null;
    if (!res.ok) throw this.client.failure('getUser', res);
    const user = (res.body ?? {}) as Record<string, unknown>;
    const { csaSet, csaBirthDate } = this.names;
    const extensionBirthDate = extensionDataNascimento ? text(user[extensionDataNascimento]) : null;
    const dataNascimento =
      csaSet && csaBirthDate
        ? text(objectAt(user.customSecurityAttributes, csaSet)?.[csaBirthDate])
        : extensionBirthDate;
    return {
      id: text(user.id) ?? id,
      displayName: text(user.displayName),
      mail: contactMailOf(user, this.names.contactInOtherMails === true),
      mobilePhone: text(user.mobilePhone),
      birthday: await birthday,
      extensionCelular: extensionCelular ? text(user[extensionCelular]) : null,
      extensionDataNascimento: extensionBirthDate,
      dataNascimento,
    };
  }

  /** The birthday, or null when Graph will not give it; never throws. */
  private async readBirthday(id: string): Promise<string | null> {
    try {
      const res = await this.client.call(
        'getUserBirthday',
        { method: 'GET', path: `/users/${segment(id)}`, query: { $select: 'birthday' } },
        { maxAttempts: 1 },
      );
      if (res.ok) return birthdayOf((res.body as Record<string, unknown> | undefined)?.birthday);
      if (res.status >= 400 && res.status < 500 && res.status !== 404 && this.birthdayAvailable) {
        this.birthdayAvailable = false;
        this.logger.info(
          { status: res.status, code: res.error?.code },
          "Microsoft Graph does not give this app the users' birthday property; it stays empty",
        );
      }
      return null;
    } catch (error) {
      if (error instanceof DirectoryError) return null;
      throw error;
    }
  }

  async updateUser(id: string, field: UpdatableUserField, value: string): Promise<void> {
    const body =
      field === 'mail' && this.names.contactInOtherMails
        ? { otherMails: [value] }
        : { [field]: value };
    await this.patchUser('updateUser', id, body, field);
  }

  async setBirthDate(id: string, birthDate: string): Promise<void> {
    const { csaSet, csaBirthDate, extensionDataNascimento } = this.names;
    if (!csaSet || !csaBirthDate) {
      if (!extensionDataNascimento) throw new DirectoryError('No place for the birth date.', 502);
      await this.patchUser('setBirthDate', id, { [extensionDataNascimento]: birthDate });
      return;
    }
    await this.patchUser('setBirthDate', id, {
      customSecurityAttributes: {
        [csaSet]: { '@odata.type': CSA_ODATA_TYPE, [csaBirthDate]: birthDate },
      },
    });
  }

  private async patchUser(
    operation: string,
    id: string,
    body: unknown,
    field?: string,
  ): Promise<void> {
    const res = await this.client.call(operation, {
      method: 'PATCH',
      path: `/users/${segment(id)}`,
      body,
    });
    if (res.ok) return;
    if (res.status === 404) throw new DirectoryUserNotFoundError();
    if (res.status === 400 && ON_PREMISES_MASTERED.test(res.error?.message ?? '')) {
      // The user is synced from an on-premises directory: the sync owns this property, and no
      // application may change it in the cloud (docs/production-entra.md: cloud-only users).
      this.logger.warn(
        { operation, status: res.status, code: res.error?.code, requestId: res.requestId },
        'Microsoft Graph refused the change: the user is synced from an on-premises directory, which owns this property',
      );
      throw new DirectoryProtectedFieldError(field ?? operation);
    }
    if (field === 'mobilePhone' && res.status === 403) {
      // Graph answers 403 Authorization_RequestDenied when the user holds a privileged
      // administrator role: an app-only token may not change their phone numbers.
      this.logger.warn(
        { operation, status: res.status, code: res.error?.code, requestId: res.requestId },
        'Microsoft Graph refused to change mobilePhone: the user likely holds a privileged administrator role (an administrator must change it); if every user is refused, grant User.ReadWrite.All',
      );
      throw new DirectoryProtectedFieldError(field);
    }
    throw this.client.failure(operation, res);
  }

  async addToGroup(groupId: string, userId: string): Promise<void> {
    const res = await this.client.call('addToGroup', {
      method: 'POST',
      path: `/groups/${segment(groupId)}/members/$ref`,
      body: { '@odata.id': `${this.client.baseUrl}/directoryObjects/${segment(userId)}` },
    });
    if (res.ok) return;
    if (isAlreadyMemberError(res)) {
      this.logger.debug({ operation: 'addToGroup' }, 'Already a member of the group');
      return;
    }
    if (res.status === 404) {
      // "Resource '<id>' does not exist or one of its queried reference-property objects are not present."
      const message = (res.error?.message ?? '').toLowerCase();
      if (message.includes(userId.toLowerCase()) && !message.includes(groupId.toLowerCase())) {
        throw new DirectoryUserNotFoundError();
      }
      this.logger.error(
        { operation: 'addToGroup', status: 404, code: res.error?.code, requestId: res.requestId },
        "A course's group does not exist in the tenant: check the group ids in packages/content",
      );
      throw new DirectoryGroupNotFoundError(
        `The directory has no group ${groupId}: the content and the tenant disagree.`,
      );
    }
    throw this.client.failure('addToGroup', res);
  }

  async removeFromGroup(groupId: string, userId: string): Promise<void> {
    const res = await this.client.call('removeFromGroup', {
      method: 'DELETE',
      path: `/groups/${segment(groupId)}/members/${segment(userId)}/$ref`,
    });
    // 404: not (or no longer) a member, or no such person: either way not in the group.
    if (res.ok || res.status === 404) return;
    throw this.client.failure('removeFromGroup', res);
  }

  async isMember(groupId: string, userId: string): Promise<boolean> {
    const res = await this.client.call('isMember', {
      method: 'POST',
      path: `/users/${segment(userId)}/checkMemberGroups`,
      body: { groupIds: [groupId] },
    });
    if (res.status === 404) return false;
    if (!res.ok) throw this.client.failure('isMember', res);
    const value = (res.body as { value?: unknown } | undefined)?.value;
    const wanted = groupId.toLowerCase();
    return (
      Array.isArray(value) && value.some((g) => typeof g === 'string' && g.toLowerCase() === wanted)
    );
  }

  /** People whose name or e-mail begins with `search` (OData `startswith`, case-insensitive). */
  async findUsers(search: string, limit: number): Promise<FoundUser[]> {
    const literal = `'${search.replace(/'/g, "''")}'`;
    const res = await this.client.call('findUsers', {
      method: 'GET',
      path: '/users',
      query: {
        $filter: `startswith(displayName,${literal}) or startswith(mail,${literal})`,
        $select: 'id,displayName,mail',
        $top: String(limit),
      },
    });
    if (!res.ok) throw this.client.failure('findUsers', res);
    const value = (res.body as { value?: unknown } | undefined)?.value;
    return (Array.isArray(value) ? (value as Record<string, unknown>[]) : []).flatMap((u) => {
      const id = text(u.id);
      return id ? [{ id, displayName: text(u.displayName) ?? '', mail: text(u.mail) ?? '' }] : [];
    });
  }

  async ping(): Promise<void> {
    const res = await this.client.call(
      'ping',
      { method: 'GET', path: '/users', query: { $select: 'id', $top: '1' } },
      { maxAttempts: 1 },
    );
    if (!res.ok) throw this.client.failure('ping', res);
  }
}
