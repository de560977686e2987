/**
 * The record of staff actions, as staff read it (itself a recorded view): a page at a time, newest
 * first, filtered by action, staff member, course and participant. Staff members are named as they
 * were when acting (kept on each row); participants by their name now, or 'Conta excluída' once
 * their account is gone, never by id.
 */
import type { StaffActionsQuery, StaffActionsResponse } from '@centro/contracts';
import { STAFF_ACTIONS_PAGE } from '@centro/contracts';
import { ANONYMOUS_PREFIX } from '../enrolment/retention.js';
import { type StaffActor, type StaffContext, record } from './context.js';

/** The name the record shows for a person whose account was deleted. */
export const DELETED_PERSON = 'Conta excluída';

/** The most events of a course's places shown with the record. */
const PLACE_EVENTS = 100;

/** The cursor of a row: `before` for the page after it. */
export const cursorOf = (row: { at: string; id: string }) => `${row.at}_${row.id}`;

function parseCursor(cursor: string): { at: string; id: string } {
  const split = cursor.indexOf('_');
  return { at: cursor.slice(0, split), id: cursor.slice(split + 1) };
}

/** Participants' names now, by id ('Conta excluída' when gone; absent when the directory fails). */
export async function subjectNames(
  ctx: Pick<StaffContext, 'directory'>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const asked = [...new Set(ids)].filter((id) => {
    if (!id.startsWith(ANONYMOUS_PREFIX)) return true;
    names.set(id, DELETED_PERSON);
    return false;
  });
  await Promise.all(
    asked.map(async (id) => {
      try {
        const user = await ctx.directory.getUser(id);
        names.set(id, user === null ? DELETED_PERSON : user.displayName || (user.mail ?? ''));
      } catch {
        // The directory is down: the row shows no name rather than failing the whole page.
      }
    }),
  );
  return names;
}

export async function actions(
  ctx: StaffContext,
  actor: StaffActor,
  query: StaffActionsQuery,
): Promise<StaffActionsResponse> {
  const limit = query.limit ?? STAFF_ACTIONS_PAGE;
  const filter = {
    action: query.action,
    actor: query.actor,
    course: query.course,
    person: query.person,
  };
  // The view is recorded first, so the first page shows it (counted when repeated).
  await record(ctx, actor, 'actions.view', {
    course: query.course,
    details: { filtered: Object.values(filter).some((v) => v !== undefined) },
  });
  const rows = await ctx.repository.actions({
    ...filter,
    before: query.before === undefined ? undefined : parseCursor(query.before),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const withPlaces =
    query.course !== undefined &&
    query.before === undefined &&
    query.action === undefined &&
    query.actor === undefined;
  const [places, actors] = await Promise.all([
    withPlaces ? ctx.repository.placeEvents(query.course ?? '', PLACE_EVENTS, query.person) : null,
    ctx.repository.actors(),
  ]);
  const names = await subjectNames(ctx, [
    ...page.flatMap((r) => (r.subjectId === null ? [] : [r.subjectId])),
    ...(places ?? []).map((p) => p.personId),
  ]);
  const last = page[page.length - 1];
  return {
    actions: page.map((r) => ({
      ...r,
      subjectName: r.subjectId === null ? null : (names.get(r.subjectId) ?? null),
    })),
    next: rows.length > limit && last ? cursorOf(last) : null,
    places: places && places.map((p) => ({ ...p, name: names.get(p.personId) ?? null })),
    actors,
  };
}
