/**
 * The staff area's API (issue 12), under /api/staff. Every request carries the server's API token
 * as `Authorization: Bearer <token>` (GET /api/auth/get-token); the server checks the person's
 * role on each request (Coordenação or Secretaria). Dates the staff type are São Paulo's local
 * date and time ("YYYY-MM-DDTHH:MM"); instants the server answers are UTC ISO-8601.
 */
import { z } from 'zod';
import { directoryIdSchema } from './api.js';
import { INVITE_CODE_ERROR as INVITE_ERROR, whatsappInviteCodeOf } from './whatsapp.js';

export const staffRoleSchema = z.enum(['coordenacao', 'secretaria']);
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

/** GET /api/staff/me */
export const staffMeResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(staffRoleSchema),
});
export type StaffMeResponse = z.infer<typeof staffMeResponseSchema>;

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
  /** People marked present, per meeting (index 0 = first meeting). */
  attendance: z.array(z.number().int()),
  /** Whether the course has a WhatsApp group invite (none: participants get no group link yet). */
  hasInvite: z.boolean(),
});
export const staffOverviewResponseSchema = z.object({
  courses: z.array(staffCourseSummarySchema),
});
export type StaffOverviewResponse = z.infer<typeof staffOverviewResponseSchema>;
export type StaffCourseSummary = z.infer<typeof staffCourseSummarySchema>;

/** GET /api/staff/courses/:slug/participants?q=&sort=&order= */
export const staffParticipantsQuerySchema = z.strictObject({
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
});
export type StaffWaitingPerson = z.infer<typeof staffWaitingPersonSchema>;
export const staffParticipantsResponseSchema = z.object({
  course: z.object({ slug: z.string(), title: z.string() }),
  participants: z.array(staffParticipantSchema),
  /** The waiting list in order (not searched nor sorted). */
  waiting: z.array(staffWaitingPersonSchema),
});
export type StaffParticipantsResponse = z.infer<typeof staffParticipantsResponseSchema>;

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, {
  error: 'Data e hora no formato AAAA-MM-DDTHH:MM.',
});

/** The settings a Coordenação may change; null = the content package's default. */
export const staffCourseSettingsSchema = z.strictObject({
  places: z
    .number()
    .int({ error: 'Vagas: use um número inteiro.' })
    .min(1, { error: 'Vagas: use pelo menos 1.' })
    .max(100000, { error: 'Vagas: use no máximo 100000.' })
    .nullable(),
  /** The code, or the whole invite link as WhatsApp shares it: only the code is kept (issue 30). */
  inviteCode: z
    .string()
    .max(300, { error: INVITE_ERROR })
    .refine((text) => whatsappInviteCodeOf(text) !== null, { error: INVITE_ERROR })
    .overwrite((text) => whatsappInviteCodeOf(text) ?? text)
    .nullable(),
  /** São Paulo local date and time. */
  opensAt: localDateTime.nullable(),
  closesAt: localDateTime.nullable(),
  firstMeeting: z.iso.date({ error: 'Data no formato AAAA-MM-DD.' }).nullable(),
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
  room: z
    .string()
    .trim()
    .min(1, { error: 'Local: escreva o nome do local ou deixe vazio.' })
    .max(100, { error: 'Local: use no máximo 100 caracteres.' })
    .nullable(),
});
export type StaffCourseSettings = z.infer<typeof staffCourseSettingsSchema>;

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
});
export type StaffCourseSettingsResponse = z.infer<typeof staffCourseSettingsResponseSchema>;

/** POST /api/staff/courses/:slug/participants/:personId/remove: the confirmation, explicit. */
export const staffRemoveRequestSchema = z.strictObject({ confirm: z.literal(true) });
/** Its answer. */
export const staffRemoveResponseSchema = z.object({ removed: z.boolean() });

/** GET/POST /api/staff/courses/:slug/attendance/:meeting */
export const staffAttendanceResponseSchema = z.object({
  meeting: z.number().int(),
  /** YYYY-MM-DD */
  date: z.string(),
  marks: z.array(
    z.object({ personId: z.string(), name: z.string(), present: z.boolean().nullable() }),
  ),
});
export type StaffAttendanceResponse = z.infer<typeof staffAttendanceResponseSchema>;
export const staffAttendanceRequestSchema = z.strictObject({
  marks: z
    .array(z.strictObject({ personId: directoryIdSchema, present: z.boolean() }))
    .min(1)
    .max(1000),
});

/** GET /api/staff/roles */
export const staffRolesResponseSchema = z.object({
  people: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      roles: z.array(staffRoleSchema),
      /** Coordenação through ADMIN_EMAILS (cannot be removed here). */
      admin: z.boolean(),
    }),
  ),
});
export type StaffRolesResponse = z.infer<typeof staffRolesResponseSchema>;
/** POST /api/staff/roles/grant */
export const staffGrantRequestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().email({ error: 'E-mail inválido.' }).max(254),
  role: staffRoleSchema,
});
/** POST /api/staff/roles/revoke */
export const staffRevokeRequestSchema = z.strictObject({
  personId: directoryIdSchema,
  role: staffRoleSchema,
});

/** GET /api/staff/actions */
export const staffActionsResponseSchema = z.object({
  actions: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      actorId: z.string(),
      actorName: z.string(),
      action: z.string(),
      course: z.string().nullable(),
      subjectId: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type StaffActionsResponse = z.infer<typeof staffActionsResponseSchema>;

/** A plain acknowledgement. */
export const staffOkResponseSchema = z.object({ ok: z.literal(true) });
