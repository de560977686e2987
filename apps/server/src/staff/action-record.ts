/** The record of staff actions, as staff read it (itself a recorded view). */
import { type StaffActor, type StaffContext, record } from './context.js';

export async function actions(ctx: StaffContext, actor: StaffActor, limit: number) {
  const rows = await ctx.repository.actions(limit);
  await record(ctx, actor, 'actions.view', { details: { rows: rows.length } });
  return rows;
}
