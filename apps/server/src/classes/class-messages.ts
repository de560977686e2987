/**
 * 'Enviar mensagem à turma' (decision 063): Coordenação or Secretaria write a
 * subject and a plain text to every confirmed person of a class, and its waiting list when asked.
 * Each person gets their own message (their address from the directory, composed now: the outbox
 * clears the body once sent, decision 051), at most 3 messages a class within 24 hours, recorded
 * with who sent it and to how many (never the text).
 */
import type { StaffClassMessageRequest, StaffClassMessageResponse } from '@centro/contracts';
import { isEmailAddress } from '../config/parsers.js';
import { composeClassMessage } from '../mail/compose.js';
import type { MailMessage } from '../mail/types.js';
import { Refusal } from '../refusals/refusal.js';
import type { ClassRecipient } from './class-message-store.js';
import { record, type StaffActor, type ClassContext } from './context.js';
import { StaffCourseNotFoundError } from '../staff/errors.js';

/** Directory reads at once while composing (Graph answers each person on its own). */
const DIRECTORY_CONCURRENCY = 8;

/** Each recipient's address now; people gone or without a valid address are left out. */
async function addressesOf(
  ctx: ClassContext,
  people: readonly ClassRecipient[],
): Promise<{ to: string; waiting: boolean }[]> {
  const found: ({ to: string; waiting: boolean } | null)[] = [];
  for (let i = 0; i < people.length; i += DIRECTORY_CONCURRENCY) {
    const batch = people.slice(i, i + DIRECTORY_CONCURRENCY);
    found.push(
      ...(await Promise.all(
        batch.map(async ({ personId, waiting }) => {
          const to = (await ctx.directory.getUser(personId))?.mail?.trim() ?? '';
          return isEmailAddress(to) ? { to, waiting } : null;
        }),
      )),
    );
  }
  return found.filter((r) => r !== null);
}

/**
 * @throws StaffCourseNotFoundError, Refusal classNotFound, classWithoutRecipients,
 *   classMessageLimit (with when the next may go), DirectoryError (nothing sent)
 */
export async function sendClassMessage(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  classId: string,
  request: StaffClassMessageRequest,
): Promise<StaffClassMessageResponse> {
  const course = ctx.courses.get(slug);
  if (!course) throw new StaffCourseNotFoundError();
  const row = await ctx.classes.byId(classId);
  if (!row || row.course_slug !== slug) throw new Refusal('classNotFound');
  // Refused before reading the directory when the limit is already reached.
  const before = await ctx.classMessages.allowanceAt(classId, ctx.now());
  if (!before.allowed) {
    throw new Refusal('classMessageLimit', { details: { retryAt: before.retryAt.toISOString() } });
  }
  const people = await addressesOf(
    ctx,
    await ctx.classMessages.recipients(classId, request.waitingList),
  );
  if (people.length === 0) throw new Refusal('classWithoutRecipients');
  const centre = ctx.centre();
  const messages: MailMessage[] = people.map(({ to, waiting }) =>
    composeClassMessage({
      centre,
      to,
      waiting,
      subject: request.subject,
      text: request.text,
      className: row.name,
      courseTitle: course.title,
    }),
  );
  const outcome = await ctx.classMessages.write(
    {
      classId,
      courseSlug: slug,
      senderId: actor.id,
      senderName: actor.name,
      subject: request.subject,
      withWaitingList: request.waitingList,
    },
    messages,
    ctx.now(),
  );
  if (!outcome.allowed) {
    throw new Refusal('classMessageLimit', { details: { retryAt: outcome.retryAt.toISOString() } });
  }
  await record(ctx, actor, 'class.message', {
    course: slug,
    details: { class: classId, recipients: messages.length, waitingList: request.waitingList },
  });
  return { recipients: messages.length, left: outcome.left };
}
