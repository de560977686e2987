/**
 * Monitor(a), the role of one class (decision 098): the classes a person was given, the check that
 * lets a monitor through to their own class's participants and attendance and refuses the rest,
 * and the classes they see in the staff area.
 */
import type { StaffMonitoredClass } from '@centro/contracts';
import { Refusal } from '../refusals/refusal.js';
import { staffClass } from '../classes/classes.js';
import { collator, type StaffActor, type StaffContext } from './context.js';
import { StaffForbiddenError } from './errors.js';
import type { RoleGrant } from './repository.js';
import {
  type AskedClass,
  type MonitoredClass,
  monitorMay,
  monitorsClass,
  type StaffPermission,
} from './roles.js';

/** The classes of a person's monitor grants, with their courses. */
export async function monitoredClasses(
  ctx: StaffContext,
  grants: readonly RoleGrant[],
): Promise<MonitoredClass[]> {
  const ids = grants.flatMap((g) => (g.role === 'monitor' && g.classId ? [g.classId] : []));
  const rows = await Promise.all(ids.map((id) => ctx.classes.byId(id)));
  return rows.flatMap((row) => (row ? [{ classId: row.id, slug: row.course_slug }] : []));
}

/**
 * Lets a monitor through to their own class on a route that addresses one class, with what a
 * monitor may do there; refuses everything else (decision 098).
 */
export async function refuseUnlessMonitor(
  ctx: StaffContext,
  { id, roles, monitors }: Pick<StaffActor, 'id' | 'roles' | 'monitors'>,
  permission: StaffPermission,
  asked: AskedClass | undefined,
): Promise<void> {
  const inAClass = asked !== undefined && monitorMay(permission) && monitors.length > 0;
  if (inAClass) {
    const current = asked.turma === undefined ? await ctx.classes.currentOf(asked.slug) : null;
    if (monitorsClass(monitors, asked, current)) return;
  }
  if (roles.length === 0 && asked?.turma && monitorMay(permission)) {
    // Their last class taken back: marks their phone kept for it say so, not 'only for staff'.
    const revoked = grantDetails({ role: 'monitor', classId: asked.turma });
    if (await ctx.repository.wasRecorded('role.revoke', id, revoked)) {
      throw new Refusal('monitorOtherClass');
    }
  }
  // Someone with a role of the centre hears that role's refusal, as before monitors.
  if (monitors.length === 0 || roles.some((role) => role !== 'monitor')) {
    throw new StaffForbiddenError(permission, roles.length > 0);
  }
  throw new Refusal(inAClass ? 'monitorOtherClass' : 'monitorClassOnly');
}

/** The details the record keeps of a grant or a revocation: the role, and a monitor's class. */
export function grantDetails(grant: RoleGrant): Record<string, unknown> {
  return { role: grant.role, ...(grant.classId === null ? {} : { class: grant.classId }) };
}

/** The classes `actor` monitors as the staff area shows them: by course title, then class name. */
export async function myClasses(
  ctx: StaffContext,
  actor: StaffActor,
): Promise<StaffMonitoredClass[]> {
  const found = await Promise.all(
    actor.monitors.map(async ({ classId, slug }) => {
      const course = ctx.courses.get(slug);
      const row = await ctx.classes.byId(classId);
      return course && row ? [{ slug, title: course.title, class: staffClass(course, row) }] : [];
    }),
  );
  return found
    .flat()
    .sort(
      (a, b) => collator.compare(a.title, b.title) || collator.compare(a.class.name, b.class.name),
    );
}
