/**
 * 'Baixar meus dados': everything the product holds about a person, as one document (LGPD),
 * from what the participant's service read: the account, the directory's entry, places, waiting
 * positions and their history, attendance, prerequisite exceptions, certificates with their codes
 * (decision 094), what the desk recorded with the consent given there (decision 095), opening
 * alerts, the e-mails the outbox holds, and what staff did with their data, by role and not by
 * name (decision 078).
 */
import type { Course } from '@centro/content';
import {
  type MyData,
  type UserDetails,
  type MyEnrolment,
  certificatePath,
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
  | 'prerequisiteExceptions'
  | 'certificates'
  | 'deskConsents'
  | 'openingAlerts'
  | 'messages';
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
  certificates: Read<'certificates'>;
  deskConsents: Read<'deskConsents'>;
  openingAlerts: Read<'openingAlerts'>;
  messages: Read<'messages'>;
  /** The site's public origin: a certificate's check is `/certificados/<código>` on it. */
  siteUrl: string;
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
      // That it exists, not the token: it has the place marked present at the door (decision 097).
      checkInCode: e.active,
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
    certificates: input.certificates.map((c) => ({
      code: c.code,
      course: c.courseSlug,
      title: title(c.courseSlug),
      turma: turma(c.classId),
      concludedAt: c.concludedAt,
      issuedAt: c.issuedAt,
      valid: c.valid,
      withdrawnAt: c.withdrawnAt,
      verifyUrl: new URL(certificatePath(c.code), input.siteUrl).href,
    })),
    deskConsents: input.deskConsents.map((d) => ({
      name: d.display_name,
      phone: d.mobile_phone,
      mail: d.mail,
      consentText: d.consent_text,
      consentAt: d.consent_at,
      // The role, not the staff member (decision 078); the desk is Secretaria's and Coordenação's.
      recordedBy: 'secretaria-ou-coordenacao' as const,
      claimedAt: d.claimed_at,
    })),
    openingAlerts: input.openingAlerts.map((o) => ({
      course: o.course_slug,
      title: title(o.course_slug),
      createdAt: o.created_at,
    })),
    messages: input.messages.map((m) => ({
      subject: m.subject === '' ? null : m.subject,
      status: m.status,
      createdAt: m.created_at,
      sentAt: m.sent_at,
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
