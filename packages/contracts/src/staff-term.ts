/**
 * 'Preparar próximo semestre' in the staff area's API (Coordenação, decision 093): every course's
 * planned class for the next term proposed in one table, corrected there, then created together.
 */
import { z } from 'zod';
import { localDateTime, staffCourseSettingsSchema, staffDate } from './staff.js';

const settings = staffCourseSettingsSchema.shape;

/** A term: '2027/1' (January to June) or '2027/2' (July to December). */
export const staffTermSchema = z
  .string()
  .regex(/^\d{4}\/[12]$/, { error: 'Semestre no formato AAAA/1 ou AAAA/2.' });

/** A course's planned class as proposed (São Paulo local dates and times, as the forms have them). */
export const staffTermClassSchema = z.object({
  name: z.string(),
  places: z.number().int(),
  /** YYYY-MM-DD, on the weekday of the course's latest class, the recesses applied. */
  firstMeeting: z.string(),
  /** Each meeting's date, recesses applied. */
  meetings: z.array(z.string()),
  time: z.string(),
  room: z.string().nullable(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
});
export type StaffTermClass = z.infer<typeof staffTermClassSchema>;

/** One course's row: a proposal, or the class it has in the term already. */
export const staffTermCourseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  status: z.enum(['proposed', 'prepared']),
  proposal: staffTermClassSchema.nullable(),
  existing: z.object({ id: z.string(), name: z.string(), firstMeeting: z.string() }).nullable(),
});
export type StaffTermCourse = z.infer<typeof staffTermCourseSchema>;

/**
 * GET /api/staff/next-term: the term to prepare, each course's row, and the key its confirmation
 * sends (the same confirmation sent twice creates nothing twice).
 */
export const staffTermProposalResponseSchema = z.object({
  term: z.string(),
  key: z.uuid(),
  courses: z.array(staffTermCourseSchema),
});
export type StaffTermProposalResponse = z.infer<typeof staffTermProposalResponseSchema>;

/** One course's class as the coordinator confirmed it. */
export const staffTermClassRequestSchema = z.strictObject({
  slug: z.string().min(1).max(100),
  firstMeeting: staffDate,
  time: settings.time.unwrap(),
  room: settings.room,
  places: settings.places.unwrap(),
  /** null: open from the start, once opened. */
  opensAt: localDateTime.nullable(),
});
export type StaffTermClassRequest = z.infer<typeof staffTermClassRequestSchema>;

/** POST /api/staff/next-term ('Criar turmas'): the proposal's key and term, and its classes. */
export const staffPrepareTermRequestSchema = z.strictObject({
  key: z.uuid({ error: 'Chave da proposta inválida: recarregue a página.' }),
  term: staffTermSchema,
  classes: z
    .array(staffTermClassRequestSchema)
    .min(1, { error: 'Nenhuma turma a criar.' })
    .max(200)
    .refine((rows) => new Set(rows.map((r) => r.slug)).size === rows.length, {
      error: 'Cada curso aparece uma vez só.',
    }),
});
export type StaffPrepareTermRequest = z.infer<typeof staffPrepareTermRequestSchema>;

/** Its answer: the classes created, the courses skipped (prepared meanwhile), a repeated key. */
export const staffPrepareTermResponseSchema = z.object({
  created: z.array(z.object({ slug: z.string(), classId: z.string() })),
  skipped: z.array(z.string()),
  repeated: z.boolean(),
});
export type StaffPrepareTermResponse = z.infer<typeof staffPrepareTermResponseSchema>;
