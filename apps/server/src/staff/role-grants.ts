/**
 * Who may do what: the person acting with their roles (built-in provider: the database and
 * ADMIN_EMAILS, read at each request; Entra: the token's roles), and the granting and revoking of
 * roles in the built-in provider (never leaving the centre without a coordinator).
 */
import type { StaffGrantRequest, StaffRevokeRequest, StaffRoleName } from '@centro/contracts';
import type { ClassRow } from '../classes/class-store.js';
import type { GrantedClass } from '../enrolment/notices.js';
import {
  AccountNotFoundError,
  LastCoordinatorAccountError,
  LastCoordinatorError,
  RoleFromAdminEmailsError,
  RolesManagedByProviderError,
} from './errors.js';
import { collator, record, type StaffActor, type StaffContext } from './context.js';
import { Refusal } from '../refusals/refusal.js';
import { grantDetails, monitoredClasses, refuseUnlessMonitor } from './monitors.js';
import type { RoleGrant } from './repository.js';
import {
  type AskedClass,
  embeddedRoles,
  leavesACoordinator,
  may,
  type MonitoredClass,
  type StaffPermission,
} from './roles.js';

/**
 * The person with their roles, read now (built-in provider: the database and ADMIN_EMAILS at each
 * request, so a revocation applies at once; Entra: the token's roles, and no monitors, whose
 * classes only the database holds).
 * @throws StaffForbiddenError when `permission` is given and the roles do not allow it; Refusal
 *   monitorClassOnly or monitorOtherClass when the person is only a monitor and `asked` (the class
 *   the route addresses) is none of theirs, or the route addresses no class (decision 098).
 */
export async function actorOf(
  ctx: StaffContext,
  userId: string,
  tokenRoles: readonly StaffRoleName[],
  permission?: StaffPermission,
  asked?: AskedClass,
): Promise<StaffActor> {
  let roles: StaffRoleName[];
  let monitors: MonitoredClass[] = [];
  let name: string | undefined;
  let email: string | undefined;
  if (ctx.identityProvider === 'entra') {
    roles = tokenRoles.filter((role) => role !== 'monitor').sort();
  } else {
    const [grants, account] = await Promise.all([
      ctx.repository.grants(userId),
      ctx.repository.account(userId),
    ]);
    roles = embeddedRoles(
      grants.map((g) => g.role),
      account?.verified ? account.email : undefined,
      ctx.adminEmails,
    );
    monitors = await monitoredClasses(ctx, grants);
    name = account?.name;
    email = account?.email;
  }
  if (permission !== undefined && !may(roles, permission)) {
    await refuseUnlessMonitor(ctx, { id: userId, roles, monitors }, permission, asked);
  }
  if (name === undefined && roles.length > 0) {
    const user = await ctx.directory.getUser(userId).catch(() => null);
    name = user?.displayName ?? undefined;
    email = user?.mail ?? undefined;
  }
  return { id: userId, name: name ?? '', email: email ?? '', roles, monitors };
}

/**
 * Staff of the built-in provider: granted roles and ADMIN_EMAILS, each monitor's classes, and the
 * classes a monitor may be given (every class not concluded).
 */
export async function roles(ctx: StaffContext, actor: StaffActor) {
  if (ctx.identityProvider === 'entra') throw new RolesManagedByProviderError();
  const granted = await ctx.repository.allGrants();
  const admins = await ctx.repository.accountsByEmails(ctx.adminEmails);
  const accounts = await ctx.repository.accountsByIds([
    ...new Set([...granted.keys(), ...admins.map((a) => a.id)]),
  ]);
  const named = await namedClasses(ctx);
  const adminIds = new Set(admins.map((a) => a.id));
  const people = accounts
    .map((a) => {
      const grants = granted.get(a.id) ?? [];
      return {
        id: a.id,
        name: a.name,
        email: a.email,
        roles: embeddedRoles(
          grants.map((g) => g.role),
          adminIds.has(a.id) ? a.email : undefined,
          ctx.adminEmails,
        ),
        admin: adminIds.has(a.id),
        monitors: named.filter((c) => grants.some((g) => g.classId === c.id)),
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  await record(ctx, actor, 'roles.view', { details: { rows: people.length } });
  return { people, classes: named.filter((c) => c.state !== 'concluded') };
}

/** Every class of the content's courses, named: by course title, then oldest first. */
async function namedClasses(ctx: StaffContext) {
  const rows = [...(await ctx.classes.all()).values()];
  return rows
    .flatMap((row) => {
      const course = ctx.courses.get(row.course_slug);
      return course ? [{ ...roleClass(course.title, row), state: row.state }] : [];
    })
    .sort((a, b) => collator.compare(a.title, b.title));
}

const roleClass = (title: string, row: ClassRow) => ({
  id: row.id,
  slug: row.course_slug,
  title,
  name: row.name,
});

/** The people who are Coordenação now (granted, or through ADMIN_EMAILS). */
async function coordinators(ctx: StaffContext): Promise<string[]> {
  const granted = await ctx.repository.allGrants();
  const admins = await ctx.repository.accountsByEmails(ctx.adminEmails);
  return [
    ...[...granted]
      .filter(([, grants]) => grants.some((g) => g.role === 'coordenacao'))
      .map(([id]) => id),
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

/**
 * Monitor(a)'s class as the grant names it: one of the content's courses' classes, not concluded
 * for a grant (a concluded class's attendance is read-only); null for the roles of the centre.
 * @throws Refusal classNotFound, classReadOnly
 */
async function grantedClass(
  ctx: StaffContext,
  classId: string | null,
  granting: boolean,
): Promise<(GrantedClass & { slug: string }) | null> {
  if (classId === null) return null;
  const row = await ctx.classes.byId(classId);
  const course = row && ctx.courses.get(row.course_slug);
  if (!row || !course) throw new Refusal('classNotFound');
  if (granting && row.state === 'concluded') throw new Refusal('classReadOnly');
  return { id: row.id, slug: course.slug, course: course.title, name: row.name };
}

/** What the record keeps of a grant: the role, and a monitor's class with its course. */
function recorded(grant: RoleGrant, of: { id: string; slug: string } | null) {
  return { ...(of ? { course: of.slug } : {}), details: grantDetails(grant) };
}

/** Grants the role to the account with this e-mail (Monitor(a): of one class); told by e-mail. */
export async function grant(
  ctx: StaffContext,
  actor: StaffActor,
  request: StaffGrantRequest,
): Promise<void> {
  if (ctx.identityProvider === 'entra') throw new RolesManagedByProviderError();
  const role: RoleGrant = {
    role: request.role,
    classId: request.role === 'monitor' ? request.classId : null,
  };
  const of = await grantedClass(ctx, role.classId, true);
  const account = await ctx.repository.accountByEmail(request.email);
  if (!account) throw new AccountNotFoundError();
  const at = ctx.now();
  await ctx.repository.grant(account.id, role, actor.id, at);
  await ctx.notices.roleGranted(account.id, role.role, at, of ?? undefined);
  await record(ctx, actor, 'role.grant', { subject: account.id, ...recorded(role, of) });
}

/** Takes the role back (Monitor(a): of one class); told by e-mail when the person held it. */
export async function revoke(
  ctx: StaffContext,
  actor: StaffActor,
  request: StaffRevokeRequest,
): Promise<void> {
  if (ctx.identityProvider === 'entra') throw new RolesManagedByProviderError();
  const { personId } = request;
  const role: RoleGrant = {
    role: request.role,
    classId: request.role === 'monitor' ? request.classId : null,
  };
  if (role.role === 'coordenacao') {
    const admins = await ctx.repository.accountsByEmails(ctx.adminEmails);
    if (admins.some((a) => a.id === personId)) throw new RoleFromAdminEmailsError();
    if (!leavesACoordinator(role.role, personId, await coordinators(ctx))) {
      throw new LastCoordinatorError();
    }
  }
  const of = await grantedClass(ctx, role.classId, false);
  if (await ctx.repository.revoke(personId, role)) {
    await ctx.notices.roleRevoked(personId, role.role, of ?? undefined);
  }
  await record(ctx, actor, 'role.revoke', { subject: personId, ...recorded(role, of) });
}
