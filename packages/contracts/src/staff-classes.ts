/**
 * A course's classes in the staff area's API: the list, 'Nova turma', 'Abrir inscrições', 'Encerrar turma' and 'Enviar mensagem à turma' (decision 063). Split from staff.ts, which holds the rest.
 */
import { z } from 'zod';
import { FORBIDDEN_NAME_CHARACTERS } from './api.js';
import { CLASS_MESSAGE_LIMITS, classMessageProblems as P } from './field-labels.js';
import { meetingChangeSchema, staffClassMeetingSchema } from './staff-meetings.js';
import { localDateTime, staffCourseParamsSchema, staffDate } from './staff.js';

/** `:slug/:classId` of a course's class. */
export const staffClassParamsSchema = staffCourseParamsSchema.extend({ classId: z.uuid() });

/** A course's class ('turma') as staff see it; instants UTC ISO-8601. */
export const staffClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['planned', 'open', 'running', 'concluded']),
  places: z.number().int(),
  /** Places held now (0 once concluded: a concluded class holds none). */
  taken: z.number().int(),
  /** YYYY-MM-DD; null: the content's. */
  firstMeeting: z.string().nullable(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** Each meeting held: its date ("YYYY-MM-DD", São Paulo) and start (ISO instant). */
  schedule: z.array(z.object({ date: z.string(), start: z.string() })),
  /**
   * Its meetings in effect (decision 075), as the course page, the e-mails and the exports say
   * them: first meeting (YYYY-MM-DD), weekday, start (HH:MM), length, count and room (null: none).
   */
  meetings: z.object({
    firstMeeting: z.string(),
    weekday: z.string(),
    time: z.string(),
    durationMinutes: z.number().int(),
    count: z.number().int(),
    room: z.string().nullable(),
    /** Its single meetings changed (decision 091), for `formatClassMeetings`. */
    changes: z.array(meetingChangeSchema).optional(),
  }),
  /** Every date of the class, skipped and cancelled ones too (decision 091). */
  dates: z.array(staffClassMeetingSchema),
});
export type StaffClass = z.infer<typeof staffClassSchema>;

/**
 * What 'Nova turma' would create now: what 'Preparar próximo semestre' proposes for the course
 * (decision 105), named for the term of its first meeting (São Paulo local date and time, as the
 * settings form has them).
 */
export const staffClassProposalSchema = z.object({
  name: z.string(),
  places: z.number().int(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  firstMeeting: z.string(),
});
export type StaffClassProposal = z.infer<typeof staffClassProposalSchema>;

/** GET /api/staff/courses/:slug/classes: oldest first, and the next class's proposal. */
export const staffClassesResponseSchema = z.object({
  classes: z.array(staffClassSchema),
  proposal: staffClassProposalSchema,
});
export type StaffClassesResponse = z.infer<typeof staffClassesResponseSchema>;

/** POST /api/staff/courses/:slug/classes ('Nova turma'): the rest comes from the latest class. */
export const staffNewClassRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Informe o nome da turma.')
    .max(80, 'Use no máximo 80 caracteres.')
    .optional(),
  places: z
    .number()
    .int('Informe um número inteiro de vagas.')
    .min(1, 'Informe ao menos 1 vaga.')
    .max(1000, 'Informe no máximo 1000 vagas.')
    .optional(),
  /** São Paulo local date and time; null: open from the start (absent: the proposal's). */
  opensAt: localDateTime.nullable().optional(),
  /** null: never closes (absent: the proposal's). */
  closesAt: localDateTime.nullable().optional(),
  /** YYYY-MM-DD (absent: the proposal's). */
  firstMeeting: staffDate.optional(),
});
export type StaffNewClassRequest = z.infer<typeof staffNewClassRequestSchema>;
/** Its answer: the class created (planned). */
export const staffNewClassResponseSchema = z.object({ class: staffClassSchema });

/** POST /api/staff/courses/:slug/classes/:classId/open ('Abrir inscrições'): no fields. */
export const staffOpenClassRequestSchema = z.strictObject({});

/** POST /api/staff/courses/:slug/classes/:classId/conclude ('Encerrar turma'). */
export const staffConcludeClassRequestSchema = z.strictObject({
  confirm: z.literal(true),
  /**
   * Before the last meeting: how many meetings remain, as the person was told (decision 077);
   * without it, or with another count, the conclusion is refused with the count.
   */
  meetingsRemaining: z.number().int().min(1).max(1000).optional(),
});
/** POST .../classes/:classId/reopen ('Reabrir turma', decision 077). */
export const staffReopenClassRequestSchema = z.strictObject({ confirm: z.literal(true) });
/** Its answer: each participant's completion ('Concluiu' / 'Não concluiu'). */
export const staffConcludeClassResponseSchema = z.object({
  completions: z.array(z.object({ personId: z.string(), concluded: z.boolean() })),
});
export type StaffConcludeClassResponse = z.infer<typeof staffConcludeClassResponseSchema>;

/**
 * POST /api/staff/courses/:slug/classes/:classId/messages ('Enviar mensagem à turma'):
 * plain text to every confirmed person of the class, and its waiting list when asked.
 */
export const staffClassMessageRequestSchema = z.strictObject({
  /** One line. */
  subject: z
    .string({ error: P.subjectMissing })
    .refine((v) => !FORBIDDEN_NAME_CHARACTERS.test(v), {
      error: P.subjectOneLine,
    })
    .trim()
    .min(1, { error: P.subjectMissing })
    .max(CLASS_MESSAGE_LIMITS.subject, { error: P.subjectTooLong }),
  /** Plain text; line breaks kept. */
  text: z
    .string({ error: P.textMissing })
    .refine((v) => !/[^\P{Cc}\n\r\t]/u.test(v), {
      error: P.textControl,
    })
    .trim()
    .min(1, { error: P.textMissing })
    .max(CLASS_MESSAGE_LIMITS.text, { error: P.textTooLong }),
  /** The waiting list gets it too. */
  waitingList: z.boolean({ error: 'Indique se a lista de espera recebe a mensagem.' }),
});
export type StaffClassMessageRequest = z.infer<typeof staffClassMessageRequestSchema>;
/** Its answer: to how many people it went, and how many more the class may get today. */
export const staffClassMessageResponseSchema = z.object({
  recipients: z.number().int(),
  left: z.number().int(),
});
export type StaffClassMessageResponse = z.infer<typeof staffClassMessageResponseSchema>;
