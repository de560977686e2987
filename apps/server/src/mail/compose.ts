/**
 * The messages with the centre's own data filled in: what the enrolment and the built-in provider
 * call, with only what the event knows (the course's programme and slug, the person, the public
 * origin) and the centre as published when composed (`centre`: the contact details edited in
 * 'Conteúdo', read by the caller; decision 073). Pure, like the messages themselves.
 */
import type { CourseCalendarInput } from '../calendar/course-calendar.js';
import {
  centre as packagedCentre,
  coursePath,
  getProgramme,
  profilePath,
  staffPath,
  type Course,
} from '@centro/content';
import type { ContactDetails } from '@centro/contracts/contact';
import {
  contactEmailChange,
  emailVerification,
  enrolmentConfirmation,
  passwordReset,
  signUpAttempt,
} from './messages/messages.js';
import { accountDeleted } from './messages/account-deleted.js';
import {
  classConcluded,
  classInvite,
  classReminder,
  classReopened,
  type ClassOutcome,
  courseMeetingsChanged,
  enrolmentCancelled,
  enrolmentOpened,
  enrolmentRemoved,
  waitingListJoined,
} from './notices/notices.js';
import { type RoleClass, staffRoleGranted, staffRoleRevoked } from './notices/staff-roles.js';
import { classMessage, type ClassMessageInput } from './notices/class-message.js';
import type { MessageCentre } from './messages/layout.js';
import type { StaffRoleName } from '@centro/contracts';
import type { MailMessage } from './types.js';

/** The centre the messages name: its name and the contact details in effect (decision 068). */
export function messageCentre(contact: ContactDetails): MessageCentre {
  return {
    name: packagedCentre.name,
    email: contact.email,
    whatsapp: contact.whatsapp,
    address: { ...contact.address, country: 'BR' },
  };
}

/** What every message names: the centre as published when it is composed. */
interface WithCentre {
  centre: MessageCentre;
}

/** "https://www.centro.org.br" + "/global-kardec/passe" */
function absolute(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).toString();
}

export interface EnrolmentConfirmationFor extends WithCentre {
  /** The course in effect (courses/effective-course.ts: the staff's settings applied). */
  course: Course;
  /** The person's e-mail (the directory's `mail`). */
  to: string;
  /** The person's display name. */
  personName: string;
  /** The public origin (`SITE_URL`). */
  siteUrl: string;
  now?: Date;
  /** The place came from the waiting list (the message says the waiting ended). */
  promoted?: boolean;
  /** The place's QR code as a PNG, base64 (decision 097). */
  checkInPng?: string;
}

/** The confirmation of an enrolment in a course. */
export function composeEnrolmentConfirmation(input: EnrolmentConfirmationFor): MailMessage {
  const { course } = input;
  const programme = getProgramme(course.programme);
  return enrolmentConfirmation({
    centre: input.centre,
    to: input.to,
    personName: input.personName,
    course,
    programmeName: programme.name,
    courseUrl: absolute(input.siteUrl, coursePath(course)),
    ...(input.now ? { now: input.now } : {}),
    ...(input.promoted ? { promoted: true } : {}),
    ...(input.checkInPng ? { checkInPng: input.checkInPng } : {}),
  });
}

/**
 * The e-mail verification code message. No display name: the address is the one being proven, and
 * whoever signed up with it wrote the name.
 */
export function composeEmailVerification(
  input: WithCentre & { to: string; code: string },
): MailMessage {
  return emailVerification(input);
}

/** The password-reset message; `resetUrl` is the single-use link (absolute). */
export function composePasswordReset(
  input: WithCentre & {
    to: string;
    personName?: string;
    resetUrl: string;
  },
): MailMessage {
  return passwordReset(input);
}

/** The "someone tried to sign up with your address" notice; its link is absolute. */
export function composeSignUpAttempt(
  input: WithCentre & {
    to: string;
    personName?: string;
    signInUrl: string;
  },
): MailMessage {
  return signUpAttempt(input);
}

/** The confirmation that the person deleted their account (no name: the data is gone). */
export function composeAccountDeleted(
  input: WithCentre & { to: string; accountDeleted: boolean },
): MailMessage {
  return accountDeleted(input);
}

/**
 * The link that confirms a new contact address ('E-mail' of the profile); absolute. No display
 * name: nobody has proven the address yet.
 */
export function composeContactEmailChange(
  input: WithCentre & { to: string; confirmUrl: string },
): MailMessage {
  return contactEmailChange(input);
}

/** A notice about a place in a course: the person, the course in effect, the origin. */
export interface CourseNoticeFor extends WithCentre {
  kind:
    | 'enrolment-cancelled'
    | 'enrolment-removed'
    | 'course-meetings-changed'
    | 'enrolment-opened'
    | 'class-reminder'
    | 'class-invite';
  course: Course;
  to: string;
  personName: string;
  siteUrl: string;
  now?: Date;
  /** 'course-meetings-changed' of a move: the class left, its event cancelled (decision 091). */
  left?: CourseCalendarInput['course'];
}

/** What every notice about a place in a course takes from its input. */
function noticeCommon(input: Omit<CourseNoticeFor, 'kind'>) {
  const { course } = input;
  return {
    centre: input.centre,
    to: input.to,
    personName: input.personName,
    course,
    programmeName: getProgramme(course.programme).name,
    courseUrl: absolute(input.siteUrl, coursePath(course)),
  };
}

/**
 * A cancellation, a removal by staff, a change of meetings, an opening, a reminder or the class's
 * invite, told to the person. Null: nothing to tell (an invite no longer in effect).
 */
export function composeCourseNotice(input: CourseNoticeFor): MailMessage | null {
  const common = noticeCommon(input);
  if (input.kind === 'class-invite') return classInvite(common);
  if (input.kind === 'enrolment-cancelled') return enrolmentCancelled(common);
  if (input.kind === 'enrolment-removed') return enrolmentRemoved(common);
  if (input.kind === 'enrolment-opened') return enrolmentOpened(common);
  const when = input.now ? { now: input.now } : {};
  if (input.kind === 'class-reminder') return classReminder({ ...common, ...when });
  return courseMeetingsChanged({ ...common, ...when, ...(input.left ? { left: input.left } : {}) });
}

/** The person's result in a class Coordenação concluded. */
export function composeClassConcluded(
  input: Omit<CourseNoticeFor, 'kind' | 'now'> & ClassOutcome,
): MailMessage {
  return classConcluded({
    ...noticeCommon(input),
    ...input,
    profileUrl: absolute(input.siteUrl, profilePath),
  });
}

/** The class the person is in was reopened: their result withdrawn. */
export function composeClassReopened(
  input: Omit<CourseNoticeFor, 'kind' | 'now'> & { className: string },
): MailMessage {
  return classReopened({ ...noticeCommon(input), className: input.className });
}

/** The person's place on the course's waiting list. */
export function composeWaitingListJoined(
  input: Omit<CourseNoticeFor, 'kind' | 'now'> & { position: number },
): MailMessage {
  const { course } = input;
  return waitingListJoined({
    centre: input.centre,
    to: input.to,
    personName: input.personName,
    course,
    programmeName: getProgramme(course.programme).name,
    courseUrl: absolute(input.siteUrl, coursePath(course)),
    position: input.position,
  });
}

/** A staff role given to the person, a monitor's of their class (no name: decision 046). */
export function composeStaffRoleGranted(
  input: WithCentre & { to: string; role: StaffRoleName; class?: RoleClass; siteUrl: string },
): MailMessage {
  return staffRoleGranted({
    centre: input.centre,
    to: input.to,
    role: input.role,
    class: input.class,
    staffUrl: absolute(input.siteUrl, staffPath),
  });
}

/** A staff role taken back from the person (no name: decision 046). */
export function composeStaffRoleRevoked(
  input: WithCentre & { to: string; role: StaffRoleName; class?: RoleClass },
): MailMessage {
  return staffRoleRevoked({
    centre: input.centre,
    to: input.to,
    role: input.role,
    class: input.class,
  });
}

/** 'Enviar mensagem à turma': the staff's subject and text to one person of the class. */
export function composeClassMessage(input: ClassMessageInput): MailMessage {
  return classMessage(input);
}
