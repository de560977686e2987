/**
 * The staff area's API, under /api/staff. Every request carries the server's API token
 * as `Authorization: Bearer <token>` (GET /api/auth/get-token); the server checks the person's
 * role on each request (Coordenação or Secretaria). Dates the staff type are São Paulo's local
 * date and time ("YYYY-MM-DDTHH:MM"); instants the server answers are UTC ISO-8601.
 */
import { z } from 'zod';
import { directoryIdSchema, FORBIDDEN_NAME_CHARACTERS } from './api.js';
import { INVITE_CODE_ERROR as INVITE_ERROR, whatsappInviteCodeOf } from './whatsapp.js';

/**
 * The staff roles: Coordenação, Secretaria and Comunicação act across the centre; Monitor(a) only
 * in the classes given to them (decision 098; the grants in staff-roles.ts say which).
 */
export const staffRoleSchema = z.enum(['coordenacao', 'secretaria', 'comunicacao', 'monitor']);
export type StaffRoleName = z.infer<typeof staffRoleSchema>;

/** The enrolment window at the server's clock. */
export const enrolmentStateSchema = z.enum(['not-open', 'open', 'closed']);
export type EnrolmentState = z.infer<typeof enrolmentStateSchema>;

const slugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/);

/** `:slug` in a course's paths. */
export const staffCourseParamsSchema = z.strictObject({ slug: slugSchema });
/** `:slug/:personId`. */
export const staffParticipantParamsSchema = z.strictObject({
  slug: slugSchema,
  personId: directoryIdSchema,
});
/** `:slug/:meeting`. */
export const staffMeetingParamsSchema = z.strictObject({
  slug: slugSchema,
  meeting: z.coerce.number().int().min(1).max(104),
});

/** GET /api/staff/courses */
export const staffCourseSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  programme: z.string(),
  places: z.number().int(),
  enrolled: z.number().int(),
  /** People on the waiting list. */
  waiting: z.number().int(),
  state: enrolmentStateSchema,
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  meetings: z.number().int(),
  /** Each meeting's date ("YYYY-MM-DD", São Paulo) and start (ISO instant), in order. */
  schedule: z.array(z.object({ date: z.string(), start: z.string() })),
  /** People marked present, per meeting (index 0 = first meeting). */
  attendance: z.array(z.number().int()),
  /** Whether the course has a WhatsApp group invite (none: participants get no group link yet). */
  hasInvite: z.boolean(),
  /**
   * The class these figures are of: the one the staff screens open on (decision 077, the class
   * that meets today or is under way first), its id, name and state.
   */
  classId: z.string(),
  className: z.string(),
  classState: z.enum(['planned', 'open', 'running', 'concluded']),
  /**
   * Its meetings in effect (decision 075), as the course page, the e-mails and the `.ics` say
   * them: first meeting (YYYY-MM-DD), weekday, start (HH:MM), length and room (null: none named).
   */
  firstMeeting: z.string(),
  weekday: z.string(),
  time: z.string(),
  durationMinutes: z.number().int(),
  room: z.string().nullable(),
});
export const staffOverviewResponseSchema = z.object({
  courses: z.array(staffCourseSummarySchema),
});
export type StaffOverviewResponse = z.infer<typeof staffOverviewResponseSchema>;
export type StaffCourseSummary = z.infer<typeof staffCourseSummarySchema>;

/**
 * `?turma=<class id>` on a course's participants, attendance, settings, exports and removal
 *: that class; absent, the course's current class (its latest not concluded, else its
 * latest: decision 062). A class of another course is 404.
 */
export const staffClassQuerySchema = z.strictObject({
  turma: z.uuid({ error: 'Turma inválida.' }).optional(),
});
export type StaffClassQuery = z.infer<typeof staffClassQuerySchema>;

/** GET /api/staff/courses/:slug/participants?q=&sort=&order=&turma= */
export const staffParticipantsQuerySchema = z.strictObject({
  turma: staffClassQuerySchema.shape.turma,
  q: z.string().max(200).optional(),
  sort: z.enum(['name', 'email', 'enrolledAt']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export const staffParticipantSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  celular: z.string(),
  /** UTC ISO-8601. */
  enrolledAt: z.string(),
  status: z.enum(['pending', 'confirmed']),
  /**
   * Enrolled at the desk without an account and not claimed yet: 'Gerar novo código' (decision
   * 095).
   */
  atDesk: z.boolean(),
});
export type StaffParticipant = z.infer<typeof staffParticipantSchema>;
/** A person on the waiting list, in order (position 1 gets the next free place). */
export const staffWaitingPersonSchema = z.object({
  id: z.string(),
  position: z.number().int().min(1),
  name: z.string(),
  email: z.string(),
  celular: z.string(),
  /** UTC ISO-8601: the server's time of joining (the list's order). */
  joinedAt: z.string(),
  /** As a participant's. */
  atDesk: z.boolean(),
});
export type StaffWaitingPerson = z.infer<typeof staffWaitingPersonSchema>;
export const staffParticipantsResponseSchema = z.object({
  course: z.object({ slug: z.string(), title: z.string() }),
  participants: z.array(staffParticipantSchema),
  /** The waiting list in order (not searched nor sorted). */
  waiting: z.array(staffWaitingPersonSchema),
});
export type StaffParticipantsResponse = z.infer<typeof staffParticipantsResponseSchema>;

/**
 * Whether "YYYY-MM-DD…" is a day of the calendar between the years 2000 and 2100: a 30 February or
 * a month 13 would be carried into the next days, a year 0026 counts as 1926, and a first meeting
 * in 9999 moves 'Nova turma' into the year 10000, whose instants no longer compare as text.
 */
function isStaffDate(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}
const STAFF_DATE_ERROR = 'Use uma data entre 2000 e 2100.';

export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, {
    error: 'Data e hora no formato AAAA-MM-DDTHH:MM.',
  })
  .refine(isStaffDate, { error: STAFF_DATE_ERROR });

/** A day staff type (a first meeting): YYYY-MM-DD, between 2000 and 2100. */
export const staffDate = z.iso
  .date({ error: 'Data no formato AAAA-MM-DD.' })
  .refine(isStaffDate, { error: STAFF_DATE_ERROR });

/** The settings a Coordenação may change; null = the content package's default. */
export const staffCourseSettingsSchema = z.strictObject({
  places: z
    .number()
    .int({ error: 'Vagas: use um número inteiro.' })
    .min(1, { error: 'Vagas: use pelo menos 1.' })
    .max(100000, { error: 'Vagas: use no máximo 100000.' })
    .nullable(),
  /** The code, or the whole invite link as WhatsApp shares it: only the code is kept. */
  inviteCode: z
    .string()
    .max(300, { error: INVITE_ERROR })
    .refine((text) => whatsappInviteCodeOf(text) !== null, { error: INVITE_ERROR })
    .overwrite((text) => whatsappInviteCodeOf(text) ?? text)
    .nullable(),
  /** São Paulo local date and time. */
  opensAt: localDateTime.nullable(),
  closesAt: localDateTime.nullable(),
  firstMeeting: staffDate.nullable(),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Horário no formato HH:MM.' })
    .nullable(),
  count: z
    .number()
    .int({ error: 'Número de encontros: use um número inteiro.' })
    .min(1, { error: 'Número de encontros: use pelo menos 1.' })
    .max(104, { error: 'Número de encontros: use no máximo 104.' })
    .nullable(),
  durationMinutes: z
    .number()
    .int({ error: 'Duração de cada encontro: use um número inteiro de minutos.' })
    .min(15, { error: 'Duração de cada encontro: use pelo menos 15 minutos.' })
    .max(480, { error: 'Duração de cada encontro: use no máximo 480 minutos.' })
    .nullable(),
  /** One line: line breaks and other control characters are refused, as in names. */
  room: z
    .string()
    .refine((v) => !FORBIDDEN_NAME_CHARACTERS.test(v), {
      error: 'A sala não pode ter quebras de linha nem caracteres de controle.',
    })
    .trim()
    .min(1, { error: 'Local: escreva o nome do local ou deixe vazio.' })
    .max(100, { error: 'Local: use no máximo 100 caracteres.' })
    .nullable(),
});
export type StaffCourseSettings = z.infer<typeof staffCourseSettingsSchema>;

/** A course's settings with none set: every field follows the content package's default. */
export const UNSET_COURSE_SETTINGS: StaffCourseSettings = {
  places: null,
  inviteCode: null,
  opensAt: null,
  closesAt: null,
  firstMeeting: null,
  time: null,
  count: null,
  durationMinutes: null,
  room: null,
};

/** GET/POST /api/staff/courses/:slug/settings */
export const staffCourseSettingsResponseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** What is stored (null = default). */
  settings: staffCourseSettingsSchema,
  /** The content package's defaults. */
  defaults: z.object({
    places: z.number().int(),
    /** null: the content sets none (no link is sent until the staff area sets one). */
    inviteCode: z.string().nullable(),
    firstMeeting: z.string(),
    weekday: z.string(),
    time: z.string(),
    count: z.number().int(),
    durationMinutes: z.number().int(),
    room: z.string().nullable(),
  }),
  taken: z.number().int(),
  /** The weekday of the effective first meeting. */
  weekday: z.string(),
  /** The class these settings are of. */
  classId: z.string(),
  /**
   * After a save: how many participants were told by e-mail that the meetings changed (0 when the
   * meetings in effect stayed the same).
   */
  notified: z.number().int().optional(),
});
export type StaffCourseSettingsResponse = z.infer<typeof staffCourseSettingsResponseSchema>;

/** POST /api/staff/courses/:slug/participants/:personId/remove: the confirmation, explicit. */
export const staffRemoveRequestSchema = z.strictObject({ confirm: z.literal(true) });
/** Its answer. */
export const staffRemoveResponseSchema = z.object({ removed: z.boolean() });

/**
 * POST /api/staff/courses/:slug/participants/:personId/move?turma=<from>: the class to move the
 * person to (decision 090).
 */
export const staffMoveRequestSchema = z.strictObject({ to: z.uuid({ error: 'Turma inválida.' }) });
/** Its answer. */
export const staffMoveResponseSchema = z.object({ moved: z.boolean() });

/** GET/POST /api/staff/courses/:slug/attendance/:meeting */
export const staffAttendanceResponseSchema = z.object({
  meeting: z.number().int(),
  /** YYYY-MM-DD */
  date: z.string(),
  marks: z.array(
    z.object({
      personId: z.string(),
      name: z.string(),
      present: z.boolean().nullable(),
      /**
       * The token of the person's QR code (decision 097): a code read while offline is found on
       * the device.
       */
      checkInToken: z.string(),
    }),
  ),
  /** Who came without a place, counted apart from the marks (decision 096). */
  guests: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type StaffAttendanceResponse = z.infer<typeof staffAttendanceResponseSchema>;
/**
 * The marks to set. `markedAt`: when the mark was made on the device (a mark queued offline is sent
 * later); the latest mark of a person at a meeting wins, the server bounding the instant (decision 089).
 */
export const staffAttendanceRequestSchema = z.strictObject({
  marks: z
    .array(
      z.strictObject({
        personId: directoryIdSchema,
        present: z.boolean(),
        markedAt: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type StaffAttendanceMark = z.infer<typeof staffAttendanceRequestSchema>['marks'][number];

/** Every action the record holds (the staff's, and `account.delete` by the person themselves). */
export const staffActionNameSchema = z.enum(
  [
    'overview.view',
    'participants.view',
    'export.csv',
    'export.xlsx',
    'settings.view',
    'settings.update',
    'participant.remove',
    'participant.move',
    'attendance.view',
    'attendance.update',
    'attendance.checkIn',
    'roles.view',
    'role.grant',
    'role.revoke',
    'actions.view',
    'account.delete',
    'content.save',
    'class.create',
    'class.open',
    'class.conclude',
    'class.reopen',
    'prerequisites.view',
    'prerequisites.update',
    'prerequisite.exception',
    'people.view',
    'completions.view',
    'completion.change',
    'class.message',
    'class.meetings',
    'recess.create',
    'recess.remove',
    'term.prepare',
    'desk.enrol',
    'attendance.walk-in',
    'desk.new-code',
  ],
  { error: 'Tipo de ação desconhecido no filtro.' },
);
export type StaffActionName = z.infer<typeof staffActionNameSchema>;

/** One changed setting in a `settings.update` row's `details.changes`. */
export interface StaffSettingChange {
  field: keyof StaffCourseSettings;
  /** Stored values; null = the content's default. */
  before: string | number | null;
  after: string | number | null;
}

/** A plain acknowledgement. */
export const staffOkResponseSchema = z.object({ ok: z.literal(true) });
