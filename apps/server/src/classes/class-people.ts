/**
 * A class's people as the staff screens list them: its participants and its waiting list, each
 * with the directory's data (read when asked, never stored by the staff area). Attendance and the
 * participants' screen both start here.
 */
import type { Course } from '@centro/content';
import { personPhone, type StaffParticipant, type StaffWaitingPerson } from '@centro/contracts';
import { isDeskId } from '../desk/desk-store.js';
import type { ClassRow } from './class-store.js';
import { classOf, type ClassContext } from './context.js';

/** The class's participants with their directory data (never stored by the staff area). */
export async function enrolledPeople(
  ctx: ClassContext,
  slug: string,
  turma?: string,
): Promise<{
  course: Course;
  row: ClassRow;
  people: StaffParticipant[];
  /** Each person's QR code token, for the door (decision 097). */
  checkInTokens: Map<string, string>;
}> {
  const { course, row } = await classOf(ctx, slug, turma);
  const enrolments = await ctx.roster.enrolments(row.id);
  const people: StaffParticipant[] = [];
  // A few directory reads at a time (Graph: one call per person).
  for (let i = 0; i < enrolments.length; i += 8) {
    const batch = enrolments.slice(i, i + 8);
    const users = await Promise.all(batch.map((e) => ctx.directory.getUser(e.personId)));
    batch.forEach((e, j) => {
      const user = users[j];
      people.push({
        id: e.personId,
        name: user?.displayName ?? '',
        email: user?.mail ?? '',
        celular: (user && personPhone(user)) ?? '',
        enrolledAt: e.createdAt,
        status: e.status,
        // The directory answers a desk id only while nobody has claimed it (decision 095).
        atDesk: isDeskId(e.personId) && user !== null,
      });
    });
  }
  const checkInTokens = new Map(enrolments.map((e) => [e.personId, e.checkInToken]));
  return { course, row, people, checkInTokens };
}

/** The class's waiting list in order, with the directory's data of each person. */
export async function waitingPeople(
  ctx: ClassContext,
  classId: string,
): Promise<StaffWaitingPerson[]> {
  const rows = await ctx.roster.waiting(classId);
  const waiting: StaffWaitingPerson[] = [];
  for (let i = 0; i < rows.length; i += 8) {
    const batch = rows.slice(i, i + 8);
    const users = await Promise.all(batch.map((w) => ctx.directory.getUser(w.userId)));
    batch.forEach((w, j) => {
      const user = users[j];
      waiting.push({
        id: w.userId,
        position: i + j + 1,
        name: user?.displayName ?? '',
        email: user?.mail ?? '',
        celular: (user && personPhone(user)) ?? '',
        joinedAt: w.joinedAt,
        atDesk: isDeskId(w.userId) && user !== null,
      });
    });
  }
  return waiting;
}
