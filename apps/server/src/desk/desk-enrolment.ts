/**
 * 'Inscrever no balcão' and walk-ins at the door (decisions 095 and 096): Secretaria and
 * Coordenação enrol a person into a class through the enrolment's own class-level path (decision
 * 074), so places, the waiting list, prerequisites and every e-mail are the web's. A person without
 * an account becomes a desk person (desk-store.ts) with the consent they gave in person, and gets a
 * code to claim the rows later. Someone who came to a meeting without a place takes one when the
 * class has one for them, else is a guest of that meeting, counted apart from the class.
 */
import { scheduledMeetings, canMark } from '@centro/content';
import type { DeskNewPerson, StaffDeskEnrolResponse, StaffWalkInResponse } from '@centro/contracts';
import { effectiveMeetings } from '../courses/effective-course.js';
import { CourseFullError, CourseNotFullError } from '../enrolment/errors.js';
import type { ClassRef } from '../enrolment/class-ref.js';
import { Refusal } from '../refusals/refusal.js';
import { markAttendance } from '../classes/attendance.js';
import { type ClassContext, record, type StaffActor, writableClassOf } from '../classes/context.js';
import { StaffCourseNotFoundError } from '../staff/errors.js';
import { claimCodeHash, newClaimCode } from './claim-code.js';

type DeskOutcome = Pick<StaffDeskEnrolResponse, 'state' | 'position' | 'alreadyEnrolled'>;

/** A place, else (the class full) the waiting list; a place freed in between is taken. */
async function placeOrWait(
  ctx: ClassContext,
  personId: string,
  ref: ClassRef,
): Promise<DeskOutcome> {
  for (let round = 1; ; round++) {
    try {
      const reading = await ctx.enrolment.enrol(personId, ref, ctx.log, true);
      return { state: 'enrolled', position: null, alreadyEnrolled: reading.alreadyEnrolled };
    } catch (error) {
      if (!(error instanceof CourseFullError)) throw error;
    }
    try {
      const joined = await ctx.enrolment.joinWaitingList(personId, ref, ctx.log, true);
      if (joined.state === 'waiting') {
        return { state: 'waiting', position: joined.position, alreadyEnrolled: false };
      }
      return { state: 'enrolled', position: null, alreadyEnrolled: false };
    } catch (error) {
      if (!(error instanceof CourseNotFullError) || round >= 2) throw error;
    }
  }
}

/** A new desk person with their consent; answers their id and the code to give them. */
async function newDeskPerson(ctx: ClassContext, actor: StaffActor, person: DeskNewPerson) {
  const claimCode = newClaimCode();
  const personId = await ctx.desk.create({
    name: person.name,
    phone: person.phone,
    email: person.email,
    consentText: person.consentText,
    codeHash: claimCodeHash(claimCode),
    by: actor.id,
    at: ctx.now(),
  });
  return { personId, claimCode };
}

/**
 * Enrols an account (`personId`) or a person without one into the class; `release` grants
 * 'Liberar inscrição' first. A desk person whose enrolment is refused is not kept.
 * @throws the enrolment's refusals (prerequisiteMissing, enrolmentClosed, ...), deskPersonNotFound
 */
export async function deskEnrol(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  request: {
    personId?: string | undefined;
    person?: DeskNewPerson | undefined;
    release?: boolean | undefined;
  },
  turma?: string,
): Promise<StaffDeskEnrolResponse> {
  const { row } = await writableClassOf(ctx, slug, turma);
  const ref = await ctx.enrolment.classRef(row.id);
  let personId: string;
  let claimCode: string | null = null;
  if (request.person !== undefined) {
    ({ personId, claimCode } = await newDeskPerson(ctx, actor, request.person));
  } else {
    personId = request.personId ?? '';
    if ((await ctx.directory.getUser(personId)) === null) throw new Refusal('deskPersonNotFound');
  }
  let outcome: DeskOutcome;
  try {
    if (request.release) {
      if (await ctx.prerequisites.grantException(slug, personId, actor.id, ctx.now())) {
        await record(ctx, actor, 'prerequisite.exception', { course: slug, subject: personId });
      }
    }
    outcome = await placeOrWait(ctx, personId, ref);
  } catch (error) {
    if (claimCode !== null) await ctx.desk.discard(personId);
    throw error;
  }
  await record(ctx, actor, 'desk.enrol', {
    course: slug,
    subject: personId,
    details: {
      class: row.id,
      state: outcome.state,
      newPerson: claimCode !== null,
      ...(request.release ? { released: true } : {}),
    },
  });
  return { personId, claimCode, ...outcome };
}

/** Why a walk-in cannot take a place: then they are the meeting's guest. */
const NO_PLACE = new Set([
  'courseFull',
  'enrolmentClosed',
  'enrolmentNotOpen',
  'prerequisiteMissing',
]);

/**
 * Someone who came to the meeting without a place: a place in the class when the enrolment gives
 * them one (marked present), else a guest of the meeting (their name only).
 * @throws StaffCourseNotFoundError (no such meeting), Refusal meetingNotYet, classReadOnly
 */
export async function walkIn(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  meeting: number,
  person: DeskNewPerson,
  turma?: string,
): Promise<StaffWalkInResponse> {
  const { course, row } = await writableClassOf(ctx, slug, turma);
  const scheduled = scheduledMeetings(effectiveMeetings(course, row))[meeting - 1];
  if (!scheduled) throw new StaffCourseNotFoundError();
  if (!canMark(scheduled.start, ctx.now())) {
    throw new Refusal('meetingNotYet', { details: { start: scheduled.start.toISOString() } });
  }
  const ref = await ctx.enrolment.classRef(row.id);
  const { personId, claimCode } = await newDeskPerson(ctx, actor, person);
  try {
    // A walk-in takes a free place, never a place on the waiting list: they are here now.
    await ctx.enrolment.enrol(personId, ref, ctx.log, true);
  } catch (error) {
    await ctx.desk.discard(personId);
    if (!(error instanceof Refusal) || !NO_PLACE.has(error.reason)) throw error;
    await ctx.desk.addGuest({
      classId: row.id,
      courseSlug: slug,
      meeting,
      name: person.name,
      by: actor.id,
      at: ctx.now(),
    });
    await record(ctx, actor, 'attendance.walk-in', {
      course: slug,
      details: { class: row.id, meeting, state: 'guest' },
    });
    return { state: 'guest', personId: null, claimCode: null };
  }
  await markAttendance(ctx, actor, slug, meeting, [{ personId, present: true }], row.id);
  await record(ctx, actor, 'attendance.walk-in', {
    course: slug,
    subject: personId,
    details: { class: row.id, meeting, state: 'enrolled' },
  });
  return { state: 'enrolled', personId, claimCode };
}
