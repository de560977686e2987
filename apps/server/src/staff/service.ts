/**
 * The staff area: who may do what (roles.ts), the overview, a course's participants and their
 * exports, course settings, removals, attendance, roles and the record of staff actions. Every
 * list view and export is recorded (LGPD: the record answers "who saw my data").
 *
 * Removal keeps enrolment's guarantees (decision 008, 024, 030) and is the enrolment's own
 * (`EnrolmentService.removeConfirmed`): a marker row first, then the directory removes the person
 * from the course's group, then the enrolment (its place) and the marker go and the place goes to
 * the next person waiting, in one transaction. The directory failing leaves the enrolment as it was
 * (answer 502/503); a crash after the directory removed the person leaves a marker that the
 * enrolment's repair settles by the membership: no lost or phantom place. Settings go through the
 * enrolment too (`changeCourse`), so more places go to the waiting list in the same transaction.
 */
import { allCourses, type Course, weekdayOf, weekdays, zonedInstant } from '@centro/content';
import type {
  StaffCourseSettings,
  StaffCourseSettingsResponse,
  StaffCourseSummary,
  StaffParticipant,
  StaffRoleName,
  StaffWaitingPerson,
} from '@centro/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { effectiveMeetings } from '../courses/effective-course.js';
import type { Directory } from '../directory/directory.js';
import { CancellationIncompleteError } from '../enrolment/errors.js';
import { enrolmentWindow } from '../enrolment/rules.js';
import type { EnrolmentService } from '../enrolment/service.js';
import {
  AccountNotFoundError,
  InvalidSettingsError,
  LastCoordinatorError,
  NotEnrolledError,
  PlacesBelowTakenError,
  RemovalIncompleteError,
  RolesManagedByProviderError,
  StaffCourseNotFoundError,
  StaffForbiddenError,
} from './errors.js';
import type { CourseSettingsRow, StaffRepository } from './repository.js';
import { embeddedRoles, leavesACoordinator, may, type StaffPermission } from './roles.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The person acting, with the roles checked for this request. */
export interface StaffActor {
  id: string;
  name: string;
  roles: StaffRoleName[];
}

export interface ParticipantsQuery {
  q?: string | undefined;
  sort?: 'name' | 'email' | 'enrolledAt' | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export interface StaffServiceOptions {
  repository: StaffRepository;
  directory: Directory;
  /** Removals, changes of places and the waiting lists go through the enrolment. */
  enrolment: Pick<
    EnrolmentService,
    'removeConfirmed' | 'changeCourse' | 'waitingList' | 'waitingCounts'
  >;
  /** Where roles come from: the database and ADMIN_EMAILS, or Entra's `roles` claim. */
  identityProvider: 'embedded' | 'entra';
  adminEmails: readonly string[];
  /**
   * ADMIN_EMAILS make Coordenação only of an account whose e-mail is confirmed (EMAIL_VERIFICATION
   * required): otherwise whoever signed up first with the address would be a coordinator.
   */
  adminEmailsVerified?: boolean;
  log: Log;
  courses?: readonly Course[];
  now?: () => Date;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Lower case without accents, for searching. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** "YYYY-MM-DDTHH:MM" in São Paulo for a UTC instant. */
export function localDateTime(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The UTC instant of a São Paulo "YYYY-MM-DDTHH:MM". */
export function utcInstant(local: string): string {
  const [date = '', time = ''] = local.split('T');
  return zonedInstant(date, time).toISOString();
}

export class StaffService {
  readonly #repository: StaffRepository;
  readonly #directory: Directory;
  readonly #enrolment: StaffServiceOptions['enrolment'];
  readonly #identityProvider: 'embedded' | 'entra';
  readonly #adminEmails: readonly string[];
  readonly #adminEmailsVerified: boolean;
  readonly #log: Log;
  readonly #courses: Map<string, Course>;
  readonly #now: () => Date;

  constructor(options: StaffServiceOptions) {
    this.#repository = options.repository;
    this.#directory = options.directory;
    this.#enrolment = options.enrolment;
    this.#identityProvider = options.identityProvider;
    this.#adminEmails = options.adminEmails.map((e) => e.toLowerCase());
    this.#adminEmailsVerified = options.adminEmailsVerified ?? false;
    this.#log = options.log;
    this.#courses = new Map((options.courses ?? allCourses()).map((c) => [c.slug, c]));
    this.#now = options.now ?? (() => new Date());
  }

  /**
   * The person with their roles, read now (built-in provider: the database and ADMIN_EMAILS at each
   * request, so a revocation applies at once; Entra: the token's roles).
   * @throws StaffForbiddenError when `permission` is given and the roles do not allow it.
   */
  async actor(
    userId: string,
    tokenRoles: readonly StaffRoleName[],
    permission?: StaffPermission,
  ): Promise<StaffActor> {
    let roles: StaffRoleName[];
    let name: string | undefined;
    if (this.#identityProvider === 'entra') {
      roles = [...tokenRoles].sort();
    } else {
      const [granted, account] = await Promise.all([
        this.#repository.grantedRoles(userId),
        this.#repository.account(userId),
      ]);
      const trusted = account && (account.verified || !this.#adminEmailsVerified);
      roles = embeddedRoles(granted, trusted ? account.email : undefined, this.#adminEmails);
      name = account?.name;
    }
    if (permission !== undefined && !may(roles, permission)) {
      throw new StaffForbiddenError(permission, roles.length > 0);
    }
    if (name === undefined && roles.length > 0) {
      name = (await this.#directory.getUser(userId).catch(() => null))?.displayName ?? undefined;
    }
    return { id: userId, name: name ?? '', roles };
  }

  async #record(
    actor: StaffActor,
    action: string,
    extra: { course?: string; subject?: string; details?: Record<string, unknown> } = {},
  ) {
    await this.#repository.recordAction(
      {
        actorId: actor.id,
        actorName: actor.name,
        action,
        courseSlug: extra.course,
        subjectId: extra.subject,
        details: extra.details ?? {},
      },
      this.#now(),
    );
  }

  async #courseRow(slug: string): Promise<{ course: Course; row: CourseSettingsRow }> {
    const course = this.#courses.get(slug);
    const row = course && (await this.#repository.course(slug));
    if (!course || !row) throw new StaffCourseNotFoundError();
    return { course, row };
  }

  async overview(actor: StaffActor): Promise<StaffCourseSummary[]> {
    const [rows, counts, waiting] = await Promise.all([
      this.#repository.courses(),
      this.#repository.presentCounts(),
      this.#enrolment.waitingCounts(),
    ]);
    const bySlug = new Map(rows.map((r) => [r.slug, r]));
    const now = this.#now().toISOString();
    const summaries: StaffCourseSummary[] = [];
    for (const course of this.#courses.values()) {
      const row = bySlug.get(course.slug);
      if (!row) continue;
      const meetings = effectiveMeetings(course, row);
      const present = counts.get(course.slug);
      summaries.push({
        slug: course.slug,
        title: course.title,
        programme: course.programme,
        places: row.places,
        enrolled: row.taken,
        waiting: waiting.get(course.slug) ?? 0,
        state: enrolmentWindow(
          { opensAt: row.enrolment_opens_at, closesAt: row.enrolment_closes_at },
          now,
        ),
        opensAt: row.enrolment_opens_at,
        closesAt: row.enrolment_closes_at,
        meetings: meetings.count,
        attendance: Array.from({ length: meetings.count }, (_, i) => present?.get(i + 1) ?? 0),
      });
    }
    await this.#record(actor, 'overview.view', { details: { courses: summaries.length } });
    return summaries;
  }

  /** The course's participants with their directory data (never stored by the staff area). */
  async #participants(slug: string): Promise<{ course: Course; people: StaffParticipant[] }> {
    const { course } = await this.#courseRow(slug);
    const enrolments = await this.#repository.enrolments(slug);
    const people: StaffParticipant[] = [];
    // A few directory reads at a time (Graph: one call per person).
    for (let i = 0; i < enrolments.length; i += 8) {
      const batch = enrolments.slice(i, i + 8);
      const users = await Promise.all(batch.map((e) => this.#directory.getUser(e.personId)));
      batch.forEach((e, j) => {
        const user = users[j];
        people.push({
          id: e.personId,
          name: user?.displayName ?? '',
          email: user?.mail ?? '',
          celular: user?.extensionCelular ?? user?.mobilePhone ?? '',
          enrolledAt: e.createdAt,
          status: e.status,
        });
      });
    }
    return { course, people };
  }

  /** The course's waiting list in order, with the directory's data of each person. */
  async #waiting(slug: string): Promise<StaffWaitingPerson[]> {
    const rows = await this.#enrolment.waitingList(slug);
    const waiting: StaffWaitingPerson[] = [];
    for (let i = 0; i < rows.length; i += 8) {
      const batch = rows.slice(i, i + 8);
      const users = await Promise.all(batch.map((w) => this.#directory.getUser(w.userId)));
      batch.forEach((w, j) => {
        const user = users[j];
        waiting.push({
          id: w.userId,
          position: i + j + 1,
          name: user?.displayName ?? '',
          email: user?.mail ?? '',
          celular: user?.extensionCelular ?? user?.mobilePhone ?? '',
          joinedAt: w.joinedAt,
        });
      });
    }
    return waiting;
  }

  async participants(
    actor: StaffActor,
    slug: string,
    query: ParticipantsQuery,
  ): Promise<{ course: Course; participants: StaffParticipant[]; waiting: StaffWaitingPerson[] }> {
    const [{ course, people }, waiting] = await Promise.all([
      this.#participants(slug),
      this.#waiting(slug),
    ]);
    const q = fold(query.q?.trim() ?? '');
    const found = q
      ? people.filter((p) => fold(p.name).includes(q) || fold(p.email).includes(q))
      : people;
    const sort = query.sort ?? 'name';
    const sign = query.order === 'desc' ? -1 : 1;
    found.sort((a, b) => sign * collator.compare(a[sort], b[sort]));
    await this.#record(actor, 'participants.view', {
      course: slug,
      // The search text may be a name: only whether there was one is kept.
      details: { rows: found.length, waiting: waiting.length, searched: q !== '' },
    });
    return { course, participants: found, waiting };
  }

  /** The rows of an export, by name; the export is recorded. */
  async exportRows(
    actor: StaffActor,
    slug: string,
    format: 'csv' | 'xlsx',
  ): Promise<{ course: Course; participants: StaffParticipant[] }> {
    const { course, people } = await this.#participants(slug);
    people.sort((a, b) => collator.compare(a.name, b.name));
    await this.#record(actor, `export.${format}`, {
      course: slug,
      details: { rows: people.length },
    });
    return { course, participants: people };
  }

  #settingsAnswer(course: Course, row: CourseSettingsRow): StaffCourseSettingsResponse {
    const meetings = effectiveMeetings(course, row);
    return {
      slug: course.slug,
      title: course.title,
      settings: {
        places: row.places_by_staff === 1 ? row.places : null,
        inviteCode: row.invite_code,
        opensAt: row.enrolment_opens_at && localDateTime(row.enrolment_opens_at),
        closesAt: row.enrolment_closes_at && localDateTime(row.enrolment_closes_at),
        firstMeeting: row.first_meeting,
        time: row.meeting_time,
        count: row.meeting_count,
        durationMinutes: row.meeting_duration_minutes,
        room: row.meeting_room,
      },
      defaults: {
        places: course.places,
        inviteCode: course.inviteCode,
        firstMeeting: course.meetings.firstMeeting,
        weekday: course.meetings.weekday,
        time: course.meetings.time,
        count: course.meetings.count,
        durationMinutes: course.meetings.durationMinutes,
        room: course.meetings.room ?? null,
      },
      taken: row.taken,
      weekday: meetings.weekday,
    };
  }

  async settings(actor: StaffActor, slug: string): Promise<StaffCourseSettingsResponse> {
    const { course, row } = await this.#courseRow(slug);
    await this.#record(actor, 'settings.view', { course: slug });
    return this.#settingsAnswer(course, row);
  }

  /**
   * Stores the settings (null: the content's default), applied at once: the availability and the
   * enrolment read them from the database.
   * @throws PlacesBelowTakenError, InvalidSettingsError, StaffCourseNotFoundError
   */
  async updateSettings(
    actor: StaffActor,
    slug: string,
    settings: StaffCourseSettings,
  ): Promise<StaffCourseSettingsResponse> {
    const { course } = await this.#courseRow(slug);
    const opensAt = settings.opensAt === null ? null : utcInstant(settings.opensAt);
    const closesAt = settings.closesAt === null ? null : utcInstant(settings.closesAt);
    if (opensAt !== null && closesAt !== null && closesAt <= opensAt) {
      throw new InvalidSettingsError('O encerramento das inscrições deve ser depois da abertura.');
    }
    const firstMeeting = settings.firstMeeting ?? course.meetings.firstMeeting;
    const time = settings.time ?? course.meetings.time;
    const duration = settings.durationMinutes ?? course.meetings.durationMinutes;
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    if (hours * 60 + minutes + duration > 24 * 60) {
      throw new InvalidSettingsError('O encontro precisa terminar no mesmo dia em que começa.');
    }
    const weekday = weekdayOf(firstMeeting);
    if (!weekdays.includes(weekday))
      throw new InvalidSettingsError('Data do primeiro encontro inválida.');
    // Under the course's lock; more places (or enrolment reopened) go to the waiting list in the
    // same transaction.
    const stored = await this.#enrolment.changeCourse(slug, (trx) =>
      this.#repository.updateSettings(
        slug,
        settings.places,
        course.places,
        {
          invite_code: settings.inviteCode,
          enrolment_opens_at: opensAt,
          enrolment_closes_at: closesAt,
          first_meeting: settings.firstMeeting,
          // The weekday follows the first meeting's date (stored only when the date is).
          meeting_weekday: settings.firstMeeting === null ? null : weekday,
          meeting_time: settings.time,
          meeting_count: settings.count,
          meeting_duration_minutes: settings.durationMinutes,
          meeting_room: settings.room,
        },
        trx,
      ),
    );
    const { row } = await this.#courseRow(slug);
    if (!stored) throw new PlacesBelowTakenError(row.taken);
    await this.#record(actor, 'settings.update', {
      course: slug,
      details: {
        places: row.places,
        opensAt,
        closesAt,
        changed: Object.entries(settings)
          .filter(([, v]) => v !== null)
          .map(([k]) => k),
      },
    });
    return this.#settingsAnswer(course, row);
  }

  /**
   * Removes a confirmed participant: frees the place (it goes to the next person waiting) and
   * removes them from the course's group.
   * @throws NotEnrolledError, RemovalIncompleteError (nothing changed), StaffCourseNotFoundError
   */
  async remove(actor: StaffActor, slug: string, personId: string): Promise<void> {
    await this.#courseRow(slug);
    const enrolment = await this.#repository.enrolment(slug, personId);
    // A 'pending' row belongs to an enrolment in flight (or to the enrolment's repair).
    if (enrolment?.status !== 'confirmed') throw new NotEnrolledError();
    try {
      await this.#enrolment.removeConfirmed(slug, personId, this.#log);
    } catch (error) {
      if (error instanceof CancellationIncompleteError) {
        throw new RemovalIncompleteError(error.status, { cause: error });
      }
      throw error;
    }
    await this.#record(actor, 'participant.remove', { course: slug, subject: personId });
  }

  async attendance(actor: StaffActor, slug: string, meeting: number) {
    const { course, row } = await this.#courseRow(slug);
    const meetings = effectiveMeetings(course, row);
    if (meeting > meetings.count) throw new StaffCourseNotFoundError();
    const [{ people }, marks] = await Promise.all([
      this.#participants(slug),
      this.#repository.attendance(slug, meeting),
    ]);
    people.sort((a, b) => collator.compare(a.name, b.name));
    await this.#record(actor, 'attendance.view', {
      course: slug,
      details: { meeting, rows: people.length },
    });
    const date = new Date(`${meetings.firstMeeting}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 7 * (meeting - 1));
    return {
      meeting,
      date: date.toISOString().slice(0, 10),
      marks: people.map((p) => ({
        personId: p.id,
        name: p.name,
        present: marks.get(p.id) ?? null,
      })),
    };
  }

  async markAttendance(
    actor: StaffActor,
    slug: string,
    meeting: number,
    marks: readonly { personId: string; present: boolean }[],
  ) {
    const { course, row } = await this.#courseRow(slug);
    if (meeting > effectiveMeetings(course, row).count) throw new StaffCourseNotFoundError();
    const enrolled = new Set((await this.#repository.enrolments(slug)).map((e) => e.personId));
    const known = marks.filter((m) => enrolled.has(m.personId));
    await this.#repository.markAttendance(slug, meeting, known, actor.id, this.#now());
    await this.#record(actor, 'attendance.update', {
      course: slug,
      details: {
        meeting,
        present: known.filter((m) => m.present).length,
        absent: known.filter((m) => !m.present).length,
      },
    });
  }

  /** Staff of the built-in provider: granted roles and ADMIN_EMAILS. */
  async roles(actor: StaffActor) {
    if (this.#identityProvider === 'entra') throw new RolesManagedByProviderError();
    const granted = await this.#repository.allGrantedRoles();
    const admins = await this.#repository.accountsByEmails(
      this.#adminEmails,
      this.#adminEmailsVerified,
    );
    const accounts = await this.#repository.accountsByIds([
      ...new Set([...granted.keys(), ...admins.map((a) => a.id)]),
    ]);
    const adminIds = new Set(admins.map((a) => a.id));
    const people = accounts
      .map((a) => ({
        id: a.id,
        name: a.name,
        email: a.email,
        roles: embeddedRoles(
          granted.get(a.id) ?? [],
          adminIds.has(a.id) ? a.email : undefined,
          this.#adminEmails,
        ),
        admin: adminIds.has(a.id),
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
    await this.#record(actor, 'roles.view', { details: { rows: people.length } });
    return people;
  }

  async grant(actor: StaffActor, email: string, role: StaffRoleName): Promise<void> {
    if (this.#identityProvider === 'entra') throw new RolesManagedByProviderError();
    const account = await this.#repository.accountByEmail(email);
    if (!account) throw new AccountNotFoundError();
    await this.#repository.grant(account.id, role, actor.id, this.#now());
    await this.#record(actor, 'role.grant', { subject: account.id, details: { role } });
  }

  async revoke(actor: StaffActor, personId: string, role: StaffRoleName): Promise<void> {
    if (this.#identityProvider === 'entra') throw new RolesManagedByProviderError();
    if (role === 'coordenacao') {
      const granted = await this.#repository.allGrantedRoles();
      const admins = await this.#repository.accountsByEmails(
        this.#adminEmails,
        this.#adminEmailsVerified,
      );
      const coordinators = [
        ...[...granted].filter(([, roles]) => roles.includes('coordenacao')).map(([id]) => id),
        ...admins.map((a) => a.id),
      ];
      if (!leavesACoordinator(role, personId, coordinators)) throw new LastCoordinatorError();
    }
    await this.#repository.revoke(personId, role);
    await this.#record(actor, 'role.revoke', { subject: personId, details: { role } });
  }

  async actions(actor: StaffActor, limit: number) {
    const actions = await this.#repository.actions(limit);
    await this.#record(actor, 'actions.view', { details: { rows: actions.length } });
    return actions;
  }
}
