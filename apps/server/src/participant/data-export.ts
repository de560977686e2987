/**
 * 'Baixar meus dados': everything the product holds about a person, as one document (LGPD),
 * from what the participant's service read: the account, the directory's entry, places, waiting
 * positions and their history, attendance, prerequisite exceptions, and what staff did with their
 * data, by role and not by name (decision 078).
 */
import type { Course } from '@centro/content';
import {
  type MyData,
  type UserDetails,
  type MyEnrolment,
  personBirthDate,
  personPhone,
} from '@centro/contracts';
import type { PersonRows } from '../enrolment/person-rows.js';
import { staffRoleOf } from '../staff/roles.js';
import type { ParticipantRepository } from './repository.js';

type Reads =
  | 'account'
  | 'attendance'
  | 'staffActionsAbout'
  | 'staffRoles'
  | 'classes'
  | 'prerequisiteExceptions';
type Read<K extends Reads> = Awaited<ReturnType<ParticipantRepository[K]>>;

export interface PersonDataInput {
  userId: string;
  exportedAt: Date;
  courses: ReadonlyMap<string, Pick<Course, 'title'>>;
  account: Read<'account'>;
  user: UserDetails | null;
  rows: PersonRows;
  attendance: Read<'attendance'>;
  actions: Read<'staffActionsAbout'>;
  roles: Read<'staffRoles'>;
  classes: Read<'classes'>;
  /** The person's enrolments, each with the reason of a completion changed by Coordenação. */
  history: readonly { enrolment: MyEnrolment; changeReason: string | null }[];
  exceptions: Read<'prerequisiteExceptions'>;
}

export function personData(input: PersonDataInput): MyData {
  const { userId, account, user, rows, attendance, actions, roles, classes, history, exceptions } =
    input;
  const title = (slug: string) => input.courses.get(slug)?.title ?? slug;
  const turma = (classId: string) => classes.get(classId)?.name ?? null;
  return {
    exportedAt: input.exportedAt.toISOString(),
    account: {
      id: userId,
      name: user?.displayName ?? account?.display_name ?? null,
      signInEmail: account?.email ?? null,
      mail: user?.mail ?? account?.mail ?? null,
      // The one phone and birth date every staff list and file shows (decision 078).
      phone: user ? personPhone(user) : (account?.mobile_phone ?? null),
      birthDate: user ? personBirthDate(user) : (account?.data_nascimento ?? null),
      createdAt: account?.created_at ?? null,
      emailVerifiedAt: account?.email_verified_at ?? null,
    },
    consentAt: account?.privacy_accepted_at ?? null,
    enrolments: rows.enrolments.map((e) => ({
      course: e.courseSlug,
      title: title(e.courseSlug),
      turma: turma(e.classId),
      status: e.status,
      enrolledAt: e.createdAt,
      updatedAt: e.updatedAt,
      promotedAt: e.promotedAt,
    })),
    waitingList: rows.waiting.map((w) => ({
      course: w.courseSlug,
      title: title(w.courseSlug),
      turma: turma(w.classId),
      position: w.position,
      joinedAt: w.joinedAt,
    })),
    history: history.map(({ enrolment: h, changeReason }) => ({
      course: h.course,
      title: h.title,
      turma: h.turma?.name ?? null,
      state: h.state,
      position: h.position,
      since: h.since,
      changeReason,
    })),
    prerequisiteExceptions: exceptions.map((e) => ({
      course: e.course_slug,
      title: title(e.course_slug),
      grantedAt: e.granted_at,
      // The role, not the staff member (decision 061).
      grantedBy: 'secretaria-ou-coordenacao' as const,
    })),
    attendance: attendance.map((a) => ({
      course: a.course_slug,
      turma: turma(a.class_id),
      meeting: a.meeting,
      present: a.present === 1,
      markedAt: a.marked_at,
    })),
    // By role and course title (decision 078): the staff member's identity is their own data.
    staffActions: actions.map((a) => ({
      at: a.at,
      action: a.action,
      course: a.course_slug,
      title: a.course_slug === null ? null : title(a.course_slug),
      role: staffRoleOf(a.actor_role),
      count: a.count,
    })),
    staffRoles: roles,
  };
}
