/**
 * The participant's own space: "my enrolments", the export of everything the product
 * holds about the person (LGPD art. 18 and 19) and the deletion of their account. Places and
 * waiting positions go through the enrolment (`EnrolmentService`), never around it: a deletion
 * cancels each place like the person's own cancellation, so the waiting lists move.
 *
 * Deletion, in order: refused while a place is still being confirmed; every waiting position left;
 * every place cancelled (removed from the group, the place promoted to the next person); the person
 * removed from every course's group (a membership without a place included); then, in one
 * transaction, attendance, completions, prerequisite exceptions, roles and messages deleted, the
 * staff record anonymised, and (built-in
 * provider) the account with its sessions and tokens. A directory failure stops it midway: what was
 * done stays done, and deleting again goes on from there.
 */
import type { Log } from '../logging.js';
import {
  allCourses,
  centre,
  type Course,
  heldMeetings,
  type MeetingRule,
  groupLinkOf,
  zonedInstant,
} from '@centro/content';
import {
  type MyAccount,
  type MyAccountDeleteResponse,
  type MyData,
  type MyEnrolment,
} from '@centro/contracts';
import type { Directory } from '../directory/directory.js';
import { EnrolmentInProgressError, NoEnrolmentError } from '../enrolment/errors.js';
import type { EnrolmentService } from '../enrolment/service.js';
import { effectiveCourse, effectiveMeetings } from '../courses/effective-course.js';
import { settingsColumnsOf } from '../courses/course-store.js';
import { Refusal } from '../refusals/refusal.js';
import { AccountDeletionIncompleteError } from './errors.js';
import { endOfSecond, type TokenRevocations } from '../auth/token-revocations.js';
import { AuthRefusal } from '../auth/errors.js';
import { signedInRecently, type RecentSignInPolicy } from '../auth/recent-sign-in.js';
import { composeAccountDeleted } from '../mail/compose.js';
import type { Mail } from '../mail/mail.js';
import { personData } from './data-export.js';
import { personHistory } from './history.js';
import { checkInCodeOf } from '../check-in/check-in-code.js';
import type { ParticipantRepository } from './repository.js';
import { changeOwnPassword } from './password-change.js';

export interface ParticipantServiceOptions {
  repository: ParticipantRepository;
  enrolment: Pick<
    EnrolmentService,
    'personRows' | 'leaveWaitingList' | 'removeConfirmed' | 'cancel' | 'classRef'
  >;
  directory: Directory;
  /**
   * Whether the sign-in account is the built-in provider's (deleted with the data) or lives in
   * Microsoft Entra ID (it stays in the tenant; the answer says whom to ask).
   */
  accounts: 'embedded' | 'tenant';
  /**
   * Whether a deletion needs the provider's `auth_time` ('required': the built-in provider) or
   * checks it only when present (Entra); default 'required'.
   */
  recentSignIn?: RecentSignInPolicy;
  /** The outbox: the deletion's confirmation. */
  mail?: Pick<Mail, 'enqueue' | 'wake' | 'centre'>;
  /** Told of a deletion at once: this instance refuses the person's tokens before the next read. */
  revocations?: Pick<TokenRevocations, 'note'>;
  courses?: readonly Course[];
  /** The site's public origin, for the address that checks a certificate (decision 094). */
  siteUrl: string;
  now?: () => Date;
}

/**
 * Start of the next meeting held (decision 091: not a cancelled or skipped date) not yet over, as
 * an instant; null after the last one.
 */
export function nextMeeting(
  meetings: MeetingRule & { durationMinutes: number },
  now: Date,
): string | null {
  for (const { date, time } of heldMeetings(meetings)) {
    const start = zonedInstant(date, time);
    if (start.getTime() + meetings.durationMinutes * 60_000 > now.getTime()) {
      return start.toISOString();
    }
  }
  return null;
}

/** The addresses the person's e-mails go to: the sign-in e-mail and the contact e-mail. */
function addressesOf(
  account: { email: string; mail: string | null } | undefined,
  user: { mail?: string | null } | null,
): string[] {
  const addresses = [account?.email, account?.mail, user?.mail].filter(
    (a): a is string => typeof a === 'string' && a !== '',
  );
  return [...new Set(addresses)];
}

export class ParticipantService {
  readonly #repository: ParticipantRepository;
  readonly #enrolment: ParticipantServiceOptions['enrolment'];
  readonly #directory: Directory;
  readonly #accounts: 'embedded' | 'tenant';
  readonly #courses: Map<string, Course>;
  readonly #now: () => Date;
  readonly #siteUrl: string;
  readonly #mail: ParticipantServiceOptions['mail'];
  readonly #recentSignIn: RecentSignInPolicy;
  readonly #revocations: ParticipantServiceOptions['revocations'];

  constructor(options: ParticipantServiceOptions) {
    this.#mail = options.mail;
    this.#recentSignIn = options.recentSignIn ?? 'required';
    this.#revocations = options.revocations;
    this.#repository = options.repository;
    this.#enrolment = options.enrolment;
    this.#directory = options.directory;
    this.#accounts = options.accounts;
    this.#courses = new Map((options.courses ?? allCourses()).map((c) => [c.slug, c]));
    this.#now = options.now ?? (() => new Date());
    this.#siteUrl = options.siteUrl;
  }

  /**
   * The person's places, then their waiting positions, each oldest first, then their past classes
   * (concluded, or cancelled), newest first (`personHistory`).
   */
  async myEnrolments(userId: string): Promise<MyEnrolment[]> {
    return (await this.#history(userId)).map((h) => h.enrolment);
  }

  /** `myEnrolments`, each with the reason Coordenação gave when it changed its completion. */
  async #history(
    userId: string,
  ): Promise<{ enrolment: MyEnrolment; changeReason: string | null }[]> {
    const [rows, completions, cancellations, settings, classes] = await Promise.all([
      this.#enrolment.personRows(userId),
      this.#repository.completions(userId),
      this.#repository.cancellations(userId),
      this.#repository.courses(),
      this.#repository.classes(),
    ]);
    const bySlug = new Map(settings.map((r) => [r.slug, r]));
    // The QR code of each place held now (decision 097).
    const tokens = new Map(rows.enrolments.map((e) => [e.classId, e.checkInToken]));
    // One completion per person and class.
    const reasons = new Map(completions.map((c) => [c.classId, c.reason]));
    const now = this.#now();
    const answer: { enrolment: MyEnrolment; changeReason: string | null }[] = [];
    for (const entry of personHistory(rows, completions, cancellations)) {
      const course = this.#courses.get(entry.courseSlug);
      // The person's own class's meetings and link (decision 052), else the course's current one.
      const own = classes.get(entry.classId);
      const row = own ? settingsColumnsOf(own) : bySlug.get(entry.courseSlug);
      if (!course || !row) continue;
      const current = entry.state === 'enrolled' || entry.state === 'pending';
      const meetings = effectiveMeetings(course, row);
      const enrolment: MyEnrolment = {
        course: entry.courseSlug,
        title: course.title,
        programme: course.programme,
        state: entry.state,
        position: entry.position,
        since: entry.since,
        nextMeeting: current || entry.state === 'waiting' ? nextMeeting(meetings, now) : null,
        whatsappUrl:
          entry.state === 'enrolled' ? groupLinkOf(effectiveCourse(course, row).inviteCode) : null,
        turma: own ? { id: own.id, name: own.name } : null,
        meetings:
          current || entry.state === 'waiting'
            ? {
                firstMeeting: meetings.firstMeeting,
                weekday: meetings.weekday,
                time: meetings.time,
                durationMinutes: meetings.durationMinutes,
                count: meetings.count,
                room: meetings.room,
                ...(meetings.changes ? { changes: meetings.changes } : {}),
              }
            : null,
        checkIn: current ? checkInCodeOf(tokens.get(entry.classId)) : null,
      };
      const completion = entry.state === 'concluded' || entry.state === 'not-concluded';
      answer.push({
        enrolment,
        changeReason: completion ? (reasons.get(entry.classId) ?? null) : null,
      });
    }
    return answer;
  }

  /**
   * 'Cancelar inscrição': refused once the last meeting of the person's class is over, or the
   * class was concluded (the page shows no button then; a request sent anyway is answered the
   * same, as is one that 'Encerrar turma' overtakes), else the enrolment's cancellation.
   * @throws Refusal classEnded, NoEnrolmentError, and what `EnrolmentService.cancel` throws
   */
  async cancel(userId: string, courseSlug: string, log: Log): Promise<void> {
    const rows = await this.#enrolment.personRows(userId);
    const inCourse = rows.enrolments.filter((e) => e.courseSlug === courseSlug);
    const place = inCourse.find((e) => e.active);
    // A concluded class (no active place left, one there was) has ended as well.
    const ended = place
      ? place.status === 'confirmed' && (await this.#ended(courseSlug, place.classId))
      : inCourse.length > 0;
    if (ended) throw new Refusal('classEnded');
    if (!place) throw new NoEnrolmentError();
    // The class of the person's place, carried down (decision 074).
    await this.#enrolment.cancel(userId, await this.#enrolment.classRef(place.classId), log);
    // 'Encerrar turma' ran while the directory was asked: the cancellation deleted nothing and the
    // place stays, inactive, in the concluded class.
    const after = await this.#enrolment.personRows(userId);
    if (after.enrolments.some((e) => e.classId === place?.classId && !e.active)) {
      throw new Refusal('classEnded');
    }
  }

  /** Whether the class's last meeting (its settings over the content's) is over. */
  async #ended(courseSlug: string, classId: string): Promise<boolean> {
    const course = this.#courses.get(courseSlug);
    const own = (await this.#repository.classes()).get(classId);
    if (!course || !own) return false;
    return nextMeeting(effectiveMeetings(course, settingsColumnsOf(own)), this.#now()) === null;
  }

  /** How the person signs in, for Perfil: the address, and where the password changes. */
  async account(userId: string): Promise<MyAccount> {
    if (this.#accounts !== 'embedded') return { signInEmail: null, password: 'microsoft' };
    const account = await this.#repository.account(userId);
    return { signInEmail: account?.email ?? null, password: 'here' };
  }

  /**
   * 'Alterar senha' in Perfil (built-in provider; see `changeOwnPassword`).
   * @throws Refusal passwordAtMicrosoft, and what `changeOwnPassword` throws
   */
  async changePassword(
    userId: string,
    change: { current: string; password: string },
    address: string,
  ): Promise<void> {
    if (this.#accounts !== 'embedded') throw new Refusal('passwordAtMicrosoft');
    await changeOwnPassword(this.#repository, userId, change, { address, now: this.#now() });
  }

  /** Everything the product holds about the person. */
  async exportData(userId: string): Promise<MyData> {
    const repository = this.#repository;
    const [account, user] = await Promise.all([
      repository.account(userId),
      this.#directory.getUser(userId),
    ]);
    const [rows, attendance, actions, roles, classes, history, exceptions] = await Promise.all([
      this.#enrolment.personRows(userId),
      repository.attendance(userId),
      repository.staffActionsAbout(userId),
      repository.staffRoles(userId),
      repository.classes(),
      this.#history(userId),
      repository.prerequisiteExceptions(userId),
    ]);
    const [certificates, deskConsents, openingAlerts, messages] = await Promise.all([
      repository.certificates(userId),
      repository.deskConsents(userId),
      repository.openingAlerts(userId),
      repository.messages(userId, addressesOf(account, user)),
    ]);
    return personData({
      userId,
      exportedAt: this.#now(),
      courses: this.#courses,
      siteUrl: this.#siteUrl,
      ...{ account, user, rows, attendance, actions, roles, classes, history, exceptions },
      ...{ certificates, deskConsents, openingAlerts, messages },
    });
  }

  /**
   * 'Sair': ends every token of the person issued until now, on every device, and (built-in
   * provider) their sessions at the provider, so no other device renews its tokens silently.
   */
  async signOut(userId: string): Promise<void> {
    const now = this.#now();
    await this.#repository.endSessions(userId, now, this.#accounts === 'embedded');
    this.#revocations?.note(userId, now);
  }

  /**
   * Deletes the person's data and (built-in provider) account; see the module's comment.
   * @param authTime when the person last signed in (the API token's `auth_time`), if known.
   * @throws AuthRefusal recentSignInRequired (403) without a sign-in in the last minutes;
   *   EnrolmentInProgressError, AccountDeletionIncompleteError
   */
  async deleteAccount(
    userId: string,
    log: Log,
    authTime?: number,
  ): Promise<MyAccountDeleteResponse> {
    if (!signedInRecently(authTime, this.#now().getTime(), this.#recentSignIn)) {
      throw new AuthRefusal('recentSignInRequired');
    }
    const rows = await this.#enrolment.personRows(userId);
    if (rows.enrolments.some((e) => e.active && e.status === 'pending')) {
      throw new EnrolmentInProgressError();
    }
    const [account, user] = await Promise.all([
      this.#repository.account(userId),
      this.#directory.getUser(userId).catch(() => null),
    ]);
    try {
      // The active rows go through the enrolment (the places move on); a concluded class's rows
      // go with the rest of the person's data below.
      for (const w of rows.waiting.filter((r) => r.active)) {
        await this.#enrolment.leaveWaitingList(userId, await this.#enrolment.classRef(w.classId));
      }
      for (const e of rows.enrolments.filter((r) => r.active)) {
        await this.#enrolment.removeConfirmed(
          await this.#enrolment.classRef(e.classId),
          userId,
          log,
        );
      }
      const groups = [...this.#courses.values()].map((c) => c.groupId);
      for (const groupId of groups) await this.#directory.removeFromGroup(groupId, userId);
    } catch (error) {
      log.error({ err: error }, 'account deletion stopped: the directory failed');
      throw new AccountDeletionIncompleteError(error);
    }
    const deleteAccount = this.#accounts === 'embedded' && account !== undefined;
    // The confirmation goes to the address the person reads: the contact e-mail, else the sign-in.
    const to = user?.mail ?? account?.mail ?? account?.email;
    const mail = this.#mail;
    const now = this.#now();
    await this.#repository.deletePerson(userId, addressesOf(account, user), {
      account: deleteAccount,
      now,
      farewell:
        mail && to
          ? {
              message: composeAccountDeleted({
                centre: mail.centre(),
                to,
                accountDeleted: deleteAccount,
              }),
              enqueue: (trx, message) => mail.enqueue(trx, message),
            }
          : undefined,
    });
    this.#revocations?.note(userId, endOfSecond(now));
    mail?.wake();
    log.info({ account: deleteAccount }, 'a person deleted their data');
    return {
      deleted: true,
      accountDeleted: deleteAccount,
      message: deleteAccount
        ? 'Sua conta e todos os seus dados foram excluídos.'
        : `Suas inscrições, posições em listas de espera e registros de presença foram excluídos. A sua conta de acesso continua no diretório do centro (Microsoft Entra ID): para excluí-la, escreva para ${(mail?.centre() ?? centre).email}.`,
    };
  }
}
