/**
 * Table types of the database, for Kysely. One schema for SQLite (embedded default) and PostgreSQL.
 * Timestamps are ISO-8601 text; expiry instants of the identity provider are epoch seconds.
 */
import type { Generated, Kysely } from 'kysely';
import type {
  AccountsTable,
  ContactEmailChangesTable,
  EmailVerificationsTable,
  LoginFailuresTable,
  OidcPayloadsTable,
  PasswordResetsTable,
  TokenRevocationsTable,
} from './schema-identity.js';
import type { ContentPhotosTable, ContentRevisionsTable } from './schema-content.js';
import type { DeskPeopleTable, MeetingGuestsTable } from './schema-desk.js';

export type * from './schema-identity.js';
export type * from './schema-content.js';
export type * from './schema-desk.js';

/** Local directory: groups (one per course, seeded from the content). */
export interface DirectoryGroupsTable {
  id: string;
  display_name: string;
}

/** Local directory: who is in which group. */
export interface DirectoryMembershipsTable {
  group_id: string;
  user_id: string;
  created_at: string;
}

/** Courses, synchronised from the content at start-up (their classes hold the settings). */
export interface CoursesTable {
  slug: string;
  group_id: string;
  /** The content's places: the default of a class whose places staff did not set. */
  places: number;
}

export type ClassState = 'planned' | 'open' | 'running' | 'concluded';

/**
 * A course's class ('turma', migration 012, decision 052): its places, enrolment window, meetings
 * and WhatsApp invite code. Settings columns null = the content's default.
 */
export interface ClassesTable {
  id: string;
  course_slug: string;
  /** 'Turma AAAA/S' by default. */
  name: string;
  places: number;
  /** 1 when staff set `places` (the content's synchronisation then leaves it alone). */
  places_by_staff: Generated<number>;
  /** Enrolments of the class, pending and confirmed: kept by triggers on `enrolments`. */
  taken: Generated<number>;
  state: ClassState;
  invite_code: string | null;
  /** UTC instant (ISO-8601); null = open from the start. */
  enrolment_opens_at: string | null;
  /** UTC instant (ISO-8601); null = never closes. */
  enrolment_closes_at: string | null;
  first_meeting: string | null;
  meeting_weekday: string | null;
  meeting_time: string | null;
  meeting_count: number | null;
  meeting_duration_minutes: number | null;
  meeting_room: string | null;
  /** When the reminders before the first meeting were written (migration 016); null: not yet. */
  reminded_at: string | null;
  /** The revision of the class's meetings, its calendar event's SEQUENCE (migration 024). */
  calendar_sequence: Generated<number>;
  /** When the WhatsApp invite was mailed to the people told it would come (migration 024). */
  invite_mailed_at: string | null;
  /**
   * The changes to single meetings and the recesses' skips, JSON of `MeetingChange[]` (migration
   * 031, decision 091); null: the weekly rule as it is.
   */
  meeting_changes: string | null;
  created_at: string;
  updated_at: string;
}

/** The centre's recesses (migration 032, decision 092). */
export interface RecessesTable {
  id: string;
  name: string;
  /** YYYY-MM-DD, first day without meetings. */
  starts_on: string;
  /** YYYY-MM-DD, last day without meetings (included). */
  ends_on: string;
  /** 'later': each class skipped ends a week later; 'fewer': it has one meeting fewer. */
  meetings_then: 'later' | 'fewer';
  created_by: string;
  created_at: string;
}

export type StaffRole = 'coordenacao' | 'secretaria' | 'comunicacao' | 'monitor';

/** Roles granted in the staff area (migration 004; a monitor's class, migration 037). */
export interface StaffRolesTable {
  person_id: string;
  role: StaffRole;
  /** The class a monitor was given; null for the other roles, which are the whole centre's. */
  class_id: string | null;
  granted_by: string;
  granted_at: string;
}

/** Attendance per meeting (migration 004). `present`: 1 or 0. */
export interface AttendanceTable {
  course_slug: string;
  /** The class the meeting belongs to (migration 012). */
  class_id: string;
  meeting: number;
  person_id: string;
  present: number;
  marked_by: string;
  marked_at: string;
}

/** The record of staff actions (migration 004): ids only, never a participant's data. */
export interface StaffActionsTable {
  id: string;
  at: string;
  actor_id: string;
  actor_name: string;
  /** The actor's sign-in e-mail when acting (migration 011; null: unknown). */
  actor_email: string | null;
  action: string;
  course_slug: string | null;
  /** The one person the action was about (a removal, a role); see `staff_action_subjects`. */
  subject_id: string | null;
  details: string;
  /** Times this view was repeated in a row (migration 011). */
  view_count: Generated<number>;
  /** The last of those times (null: once). */
  last_at: string | null;
  /** The role the staff member acted in (migration 025; null: before it). */
  actor_role: string | null;
}

/** An action a limit counts (migration 026; limits/limited-actions.ts). */
export interface LimitedActionsTable {
  /** 'enrolment-change', 'people-search'. */
  kind: string;
  person_id: string;
  /** What the limit is per, besides the person (a course's slug), or ''. */
  scope: string;
  at: string;
}

/**
 * An account a staff action concerned, beside `subject_id` (migration 026): the people of a list
 * viewed or exported, of an attendance, of a search (decisions 078 and 081).
 */
export interface StaffActionSubjectsTable {
  action_id: string;
  subject_id: string;
}

/** A participant's removal under way (migration 004). */
export interface StaffRemovalsTable {
  course_slug: string;
  person_id: string;
  created_at: string;
}

export type EnrolmentStatus = 'pending' | 'confirmed';

/**
 * One row per person and class (migration 017). 'pending' holds a place while the directory adds
 * the person to the course's group; 'confirmed' once it did. Both count against the places.
 */
export interface EnrolmentsTable {
  course_slug: string;
  /** The class holding the place (migration 012); one row per person and class (017). */
  class_id: string;
  user_id: string;
  status: EnrolmentStatus;
  created_at: string;
  updated_at: string;
  /** When the row came from the waiting list (migration 007); null: taken by the person. */
  promoted_at: string | null;
  /**
   * 1 while the class is not concluded (migration 017, kept by a trigger on `classes`): a person
   * has at most one active row per course.
   */
  active: Generated<number>;
  /**
   * The random code of the enrolment's QR code, read at the door (migration 036, decision 097);
   * given by the database to every row.
   */
  check_in_token: Generated<string>;
}

/**
 * The waiting list (migration 007): first come, first served in the order of `id` (given at the
 * insert, under the course's lock: the order of joining); `joined_at` is the server's time of it.
 * One row per person and class.
 */
export interface WaitingListTable {
  id: Generated<number>;
  course_slug: string;
  /** The class waited for (migration 012); one row per person and class (017). */
  class_id: string;
  user_id: string;
  joined_at: string;
  /** 1 while the class is not concluded (migration 017); at most one active row per course. */
  active: Generated<number>;
}

/**
 * The waiting list's history (migration 030): +1 when a class's list grows, -1 when it shrinks,
 * written by triggers on `waiting_list`. Names no person.
 */
export interface WaitingListChangesTable {
  class_id: string;
  change: number;
  /** UTC ISO-8601. */
  at: string;
}

/** A person's own cancellation in a class, for their history (migration 017): the latest. */
export interface CancellationsTable {
  class_id: string;
  person_id: string;
  course_slug: string;
  cancelled_at: string;
}

/** 'Avise-me quando abrir': who asked to be told when a course opens (migration 014). */
export interface OpeningAlertsTable {
  course_slug: string;
  person_id: string;
  created_at: string;
}

/** 'Enviar mensagem à turma': one row per message sent to a class (migration 019); no text. */
export interface ClassMessagesTable {
  id: string;
  class_id: string;
  course_slug: string;
  sender_id: string;
  /** The sender's name when sending (a snapshot, like the staff record's). */
  sender_name: string;
  subject: string;
  /** People the message was written to. */
  recipients: number;
  /** 1: the waiting list got it too. */
  with_waiting_list: number;
  sent_at: string;
}

/** A participant's completion of a concluded class (migration 015). */
export interface CompletionsTable {
  person_id: string;
  course_slug: string;
  class_id: string;
  /** 1: 'Concluiu'; 0: 'Não concluiu'. */
  concluded: number;
  /** When the class was concluded (UTC ISO-8601). */
  concluded_at: string;
  /** Who changed it afterwards, and why (null: as computed). */
  changed_by: string | null;
  reason: string | null;
  /** Meetings present, and the class's meeting count, when it was given (migration 024). */
  present: number | null;
  meetings: number | null;
}

/**
 * A certificate of completion (migration 034, decision 094): its verification code, whose and of
 * which class, when it was first asked for, and when its completion was withdrawn (null: valid).
 */
export interface CertificatesTable {
  code: string;
  person_id: string;
  course_slug: string;
  class_id: string;
  issued_at: string;
  withdrawn_at: string | null;
}

/** Coordenação's prerequisites of a course (migration 018); no row: the content's default. */
export interface PrerequisiteOverridesTable {
  course_slug: string;
  /** JSON array of course slugs; '[]': none required. */
  required: string;
  changed_by: string;
  changed_at: string;
}

/** 'Liberar inscrição': one person may enrol in one course without its prerequisites (018). */
export interface PrerequisiteExceptionsTable {
  course_slug: string;
  person_id: string;
  granted_by: string;
  granted_at: string;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * The mail outbox (migration 003): one row per message, written in the transaction of its cause,
 * delivered by the sender (mail/sender.ts). Rows stay after delivery ('sent') or after the last
 * attempt ('failed'), visible to operators.
 */
export interface MailOutboxTable {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  /** JSON array of attachments (mail/types.ts `MailAttachment`). */
  attachments: string;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  claim_token: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The person a message kept as data is for (migration 008); null on composed rows. */
  person_id: string | null;
  /** JSON of a message kept as data, composed at delivery (mail/types.ts `MailData`); null: composed. */
  data: string | null;
}

/** A confirmed 'Preparar próximo semestre', by its key (migration 033, decision 093). */
export interface TermPreparationsTable {
  key: string;
  /** '2027/1'. */
  term: string;
  /** JSON `[{ slug, classId }]` of the classes it created. */
  created: string;
  created_at: string;
}

/** The database as every store queries it (one name: a store does not declare its own). */
export type Db = Kysely<Database>;

export interface Database {
  accounts: AccountsTable;
  oidc_payloads: OidcPayloadsTable;
  directory_groups: DirectoryGroupsTable;
  directory_memberships: DirectoryMembershipsTable;
  courses: CoursesTable;
  classes: ClassesTable;
  enrolments: EnrolmentsTable;
  waiting_list: WaitingListTable;
  waiting_list_changes: WaitingListChangesTable;
  opening_alerts: OpeningAlertsTable;
  completions: CompletionsTable;
  certificates: CertificatesTable;
  prerequisite_overrides: PrerequisiteOverridesTable;
  prerequisite_exceptions: PrerequisiteExceptionsTable;
  class_messages: ClassMessagesTable;
  cancellations: CancellationsTable;
  login_failures: LoginFailuresTable;
  mail_outbox: MailOutboxTable;
  staff_roles: StaffRolesTable;
  attendance: AttendanceTable;
  recesses: RecessesTable;
  staff_actions: StaffActionsTable;
  staff_action_subjects: StaffActionSubjectsTable;
  limited_actions: LimitedActionsTable;
  staff_removals: StaffRemovalsTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  contact_email_changes: ContactEmailChangesTable;
  token_revocations: TokenRevocationsTable;
  content_revisions: ContentRevisionsTable;
  content_photos: ContentPhotosTable;
  term_preparations: TermPreparationsTable;
  desk_people: DeskPeopleTable;
  meeting_guests: MeetingGuestsTable;
}

/** Placeholder to keep `Generated` imported for future auto-increment columns. */
export type _Generated<T> = Generated<T>;
