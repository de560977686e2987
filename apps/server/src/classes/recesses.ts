/**
 * The centre's recesses entered by Coordenação (decision 092): 'Recesso de fim de ano', from 20/12
 * to 10/01. Entered once, a recess is applied to every class not concluded, each under its own
 * lock (`applyRecesses`: each meeting in it skipped, the class ending a week later or having one
 * meeting fewer, as chosen), and the people of each class changed are told once, by the class's
 * 'Mudança nos encontros' with its dates and `.ics` (`withMeetingNotices`). Removing a recess
 * takes its skips back from every class the same way. The recess row is written first: a failure
 * halfway leaves some classes unchanged, and saving the recess again (remove, enter) applies it.
 */
import {
  applyRecesses,
  type MeetingChange,
  type Recess,
  wallClockAt,
  withoutRecess,
} from '@centro/content';
import type { StaffRecessRequest, StaffRecessesResponse } from '@centro/contracts';
import { SETTINGS_COLUMNS } from '../courses/course-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import { writeMeetingChanges } from '../courses/meeting-changes.js';
import { Refusal } from '../refusals/refusal.js';
import { record, type StaffActor, type ClassContext } from './context.js';

type Rewrite = (
  meetings: ReturnType<typeof effectiveMeetings>,
) => readonly MeetingChange[] | undefined;

/** `rewrite` on every class not concluded; how many classes changed and how many people were told. */
async function rewriteClasses(
  ctx: ClassContext,
  rewrite: Rewrite,
): Promise<{ classes: number; notified: number }> {
  let classes = 0;
  let notified = 0;
  for (const row of (await ctx.classes.all()).values()) {
    const course = ctx.courses.get(row.course_slug);
    if (!course || row.state === 'concluded') continue;
    let told = 0;
    const changed = await ctx.enrolment.changeClass(
      row.id,
      ctx.notices.withMeetingNotices(
        course,
        async (trx, classId) => {
          const fresh = await trx
            .selectFrom('classes')
            .select(['state', 'places', ...SETTINGS_COLUMNS])
            .where('id', '=', classId)
            .executeTakeFirstOrThrow();
          if (fresh.state === 'concluded') return false;
          const meetings = effectiveMeetings(course, fresh);
          const changes = rewrite(meetings);
          if (!changes) return false;
          await trx
            .updateTable('classes')
            .set({ meeting_changes: writeMeetingChanges(changes) })
            .where('id', '=', classId)
            .execute();
          return true;
        },
        (people) => (told = people),
      ),
    );
    if (changed) {
      classes += 1;
      notified += told;
    }
  }
  return { classes, notified };
}

const sameLength = (a: readonly unknown[] | undefined, b: readonly unknown[]) =>
  (a?.length ?? 0) === b.length;

export async function listRecesses(ctx: ClassContext): Promise<StaffRecessesResponse> {
  return { recesses: await ctx.recesses.all() };
}

/** @throws Refusal recessPast (it starts today or before) */
export async function addRecess(
  ctx: ClassContext,
  actor: StaffActor,
  request: StaffRecessRequest,
): Promise<StaffRecessesResponse> {
  const { year, month, day } = wallClockAt(ctx.now());
  if (request.startsOn <= `${year}-${month}-${day}`) throw new Refusal('recessPast');
  const recess: Recess = await ctx.recesses.add(request, actor.id, ctx.now());
  const outcome = await rewriteClasses(ctx, (meetings) => {
    const changes = applyRecesses(meetings, [recess]);
    return sameLength(meetings.changes, changes) ? undefined : changes;
  });
  await record(ctx, actor, 'recess.create', {
    details: { recess: recess.id, ...outcome },
  });
  return { recesses: await ctx.recesses.all(), ...outcome };
}

/** @throws Refusal recessNotFound */
export async function removeRecess(
  ctx: ClassContext,
  actor: StaffActor,
  id: string,
): Promise<StaffRecessesResponse> {
  const removed = await ctx.recesses.remove(id);
  if (!removed) throw new Refusal('recessNotFound');
  const outcome = await rewriteClasses(ctx, (meetings) => {
    const changes = withoutRecess(meetings.changes, id);
    return sameLength(meetings.changes, changes) ? undefined : changes;
  });
  await record(ctx, actor, 'recess.remove', { details: { recess: id, ...outcome } });
  return { recesses: await ctx.recesses.all(), ...outcome };
}
