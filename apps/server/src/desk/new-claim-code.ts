/**
 * 'Gerar novo código' (decision 095): a person enrolled at the desk who lost the paper gets a new
 * claim code from Secretaria or Coordenação. The new code replaces the old one's hash in one write,
 * so the old code claims nothing from then on; the staff record keeps that it was done, never the
 * code.
 */
import type { StaffNewClaimCodeResponse } from '@centro/contracts';
import { Refusal } from '../refusals/refusal.js';
import { type ClassContext, classOf, record, type StaffActor } from '../classes/context.js';
import { claimCodeHash, newClaimCode } from './claim-code.js';
import { isDeskId } from './desk-store.js';

/**
 * A new code for `personId`, a person of the class enrolled at the desk and not claimed yet.
 * @throws StaffCourseNotFoundError, Refusal classNotFound, claimCodeNoDeskPerson, claimCodeClaimed
 */
export async function reissueClaimCode(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  personId: string,
  turma?: string,
): Promise<StaffNewClaimCodeResponse> {
  const { row } = await classOf(ctx, slug, turma);
  const person = isDeskId(personId) ? await ctx.desk.byId(personId) : undefined;
  if (person === undefined) throw new Refusal('claimCodeNoDeskPerson');
  // Claimed: the rows moved to the account (so the class no longer names the desk id).
  if (person.claimed_by !== null) throw new Refusal('claimCodeClaimed');
  if (!(await ctx.desk.inClass(personId, row.id))) throw new Refusal('claimCodeNoDeskPerson');
  const claimCode = newClaimCode();
  // Claimed in between: the claim's transaction won, and the code would name nobody.
  if (!(await ctx.desk.replaceCode(personId, claimCodeHash(claimCode)))) {
    throw new Refusal('claimCodeClaimed');
  }
  await record(ctx, actor, 'desk.new-code', {
    course: slug,
    subject: personId,
    details: { class: row.id },
  });
  return { claimCode };
}
