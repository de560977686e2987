/**
 * Who may do what: the person acting with their roles (built-in provider: the database and
 * ADMIN_EMAILS, read at each request; Entra: the token's roles), and the granting and revoking of
 * roles in the built-in provider (never leaving the centre without a coordinator).
 */
import type { StaffRoleName } from '@centro/contracts';
import {
  AccountNotFoundError,
  LastCoordinatorAccountError,
  LastCoordinatorError,
  RoleFromAdminEmailsError,
  RolesManagedByProviderError,
  StaffForbiddenError,
} from './errors.js';
import { collator, record, type StaffActor, type StaffContext } from './context.js';
import { embeddedRoles, leavesACoordinator, may, type StaffPermission } from './roles.js';

/**
 * The person with their roles, read now (built-in provider: the database and ADMIN_EMAILS at each
 * request, so a revocation applies at once; Entra: the token's roles).
 * @throws StaffForbiddenError when `permission` is given and the roles do not allow it.
 */
export async function actorOf(
  ctx: StaffContext,
  userId: string,
  tokenRoles: readonly StaffRoleName[],
  permission?: StaffPermission,
): Promise<StaffActor> {
  let roles: StaffRoleName[];
  let name: string | undefined;
  let email: string | undefined;
  if (ctx.identityProvider === 'entra') {
    roles = [...tokenRoles].sort();
  } else {
    const [granted, account] = await Promise.all([
      ctx.repository.grantedRoles(userId),
      ctx.repository.account(userId),
    ]);
    roles = embeddedRoles(granted, account?.verified ? account.email : undefined, ctx.adminEmails);
    name = account?.name;
    email = account?.email;
  }
  if (permission !== undefined && !may(roles, permission)) {
    throw new StaffForbiddenError(permission, roles.length > 0);
  }
  if (name === undefined && roles.length > 0) {
    const user = await ctx.directory.getUser(userId).catch(() => null);
    name = user?.displayName ?? undefined;
    email = user?.mail ?? undefined;
  }
  return { id: userId, name: name ?? '', email: email ?? '', roles };
}

/** Staff of the built-in provider: granted roles and ADMIN_EMAILS. */
export async function roles(ctx: StaffContext, actor: StaffActor) {
  if (ctx.identityProvider === 'entra') throw new RolesManagedByProviderError();
  const granted = await ctx.repository.allGrantedRoles();
  const admins = await ctx.repository.accountsByEmails(ctx.adminEmails);
  const accounts = await ctx.repository.accountsByIds([
    ...new Set([...granted.keys(), ...admins.map((a) => a.id)]),
  ]);
  const adminIds = new Set(admins.map((a) => a.id));
  const people = accounts
    .map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email,
      roles: embeddedRoles(
        granted.get(a.id) ?? [],
        adminIds.has(a.id) ? a.email : undefined,
        ctx.adminEmails,
      ),
      admin: adminIds.has(a.id),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
  await record(ctx, actor, 'roles.view', { details: { rows: people.length } });
  return people;
}

/** The people who are Coordenação now (granted, or through ADMIN_EMAILS). */
async function coordinators(ctx: StaffContext): Promise<string[]> {
  const granted = await ctx.repository.allGrantedRoles();
  const admins = await ctx.repository.accountsByEmails(ctx.adminEmails);
  return [
    ...[...granted].filter(([, roles]) => roles.includes('coordenacao')).map(([id]) => id),
    ...admins.map((a) => a.id),
  ];
}

/**
 * Refuses to delete the account of the only Coordenação, as revoking the role is refused
 * (built-in provider; Entra's accounts and roles stay in the tenant).
 * @throws LastCoordinatorAccountError
 */
export async function ensureNotLastCoordinator(ctx: StaffContext, personId: string) {
  if (ctx.identityProvider === 'entra') return;
  const now = await coordinators(ctx);
  if (now.includes(personId) && !leavesACoordinator('coordenacao', personId, now)) {
    throw new LastCoordinatorAccountError();
  }
}

export async function grant(
  ctx: StaffContext,
  actor: StaffActor,
  email: string,
  role: StaffRoleName,
): Promise<void> {
  if (ctx.identityProvider === 'entra') throw new RolesManagedByProviderError();
  const account = await ctx.repository.accountByEmail(email);
  if (!account) throw new AccountNotFoundError();
  const at = ctx.now();
  await ctx.repository.grant(account.id, role, actor.id, at);
  await ctx.notices.roleGranted(account.id, role, at);
  await record(ctx, actor, 'role.grant', { subject: account.id, details: { role } });
}

export async function revoke(
  ctx: StaffContext,
  actor: StaffActor,
  personId: string,
  role: StaffRoleName,
): Promise<void> {
  if (ctx.identityProvider === 'entra') throw new RolesManagedByProviderError();
  if (role === 'coordenacao') {
    const admins = await ctx.repository.accountsByEmails(ctx.adminEmails);
    if (admins.some((a) => a.id === personId)) throw new RoleFromAdminEmailsError();
    if (!leavesACoordinator(role, personId, await coordinators(ctx))) {
      throw new LastCoordinatorError();
    }
  }
  if (await ctx.repository.revoke(personId, role)) await ctx.notices.roleRevoked(personId, role);
  await record(ctx, actor, 'role.revoke', { subject: personId, details: { role } });
}
