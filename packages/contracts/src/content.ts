/**
 * The site's content edited in the staff area (decision 054): each document (the weekly
 * schedule first) as the API reads and saves it, validated here with pt-BR messages. A document
 * is `packages/content`'s shape (`ScheduleDay`), with lengths and the allowed links.
 */
import type { ScheduleDay } from '@centro/content';
import { z } from 'zod';
import { CONTENT_LIMITS, isAllowedLink, scheduleDayNames } from './content-rules.js';

export { CONTENT_LIMITS, isAllowedLink, scheduleDayNames };

/** The documents kept as revisions. */
export const contentDocuments = ['schedule', 'notices', 'photos', 'contact'] as const;
export type ContentDocument = (typeof contentDocuments)[number];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}: informe um texto.` })
    .trim()
    .min(1, { error: `${label}: campo obrigatório.` })
    .max(max, { error: `${label}: no máximo ${max} caracteres.` });

export const scheduleActivityDocumentSchema = z.strictObject({
  /** "09h", "19h30" */
  time: z
    .string({ error: 'Horário no formato 19h30 ou 09h.' })
    .trim()
    .regex(/^([01]\d|2[0-3])h([0-5]\d)?$/, { error: 'Horário no formato 19h30 ou 09h.' }),
  title: text('Título', CONTENT_LIMITS.title),
  note: z
    .string()
    .trim()
    .max(CONTENT_LIMITS.note, { error: `Descrição: no máximo ${CONTENT_LIMITS.note} caracteres.` })
    .optional(),
});

export const scheduleDayDocumentSchema = z.strictObject({
  day: z.enum(scheduleDayNames, { error: 'Dia da semana inválido.' }),
  activities: z
    .array(scheduleActivityDocumentSchema)
    .min(1, { error: 'Cada dia precisa de ao menos uma atividade.' })
    .max(CONTENT_LIMITS.activitiesPerDay, {
      error: `No máximo ${CONTENT_LIMITS.activitiesPerDay} atividades por dia.`,
    }),
  /** What the day's 'Tirar Dúvidas' message asks about. */
  whatsappTopic: text('Assunto do Tirar Dúvidas', CONTENT_LIMITS.topic),
  /** The 'Tirar Dúvidas' link; none: the centre's WhatsApp with a message naming the topic. */
  questionLink: z
    .string()
    .trim()
    .max(CONTENT_LIMITS.link, { error: `Link: no máximo ${CONTENT_LIMITS.link} caracteres.` })
    .refine(isAllowedLink, {
      error: 'Link inválido: use um endereço https:, mailto:, tel: ou uma página do site (/...).',
    })
    .optional(),
});

/** The weekly schedule: each day at most once, in the week's order on the page. */
export const scheduleDocumentSchema = z
  .array(scheduleDayDocumentSchema)
  .min(1, { error: 'A agenda precisa de ao menos um dia.' })
  .max(7, { error: 'A agenda tem no máximo sete dias.' })
  .refine((days) => new Set(days.map((d) => d.day)).size === days.length, {
    error: 'Cada dia da semana pode aparecer só uma vez.',
  });

// The document is the content package's type: what the pages and the calendar already read.
type Assignable<T extends U, U> = T;
export type ScheduleDocument = Assignable<z.infer<typeof scheduleDocumentSchema>, ScheduleDay[]>;

/** Who saved the revision shown, and when (none: the packaged content). */
export const contentRevisionInfoSchema = z.object({
  /** 0: never saved (the packaged content). */
  revision: z.number().int().min(0),
  savedAt: z.string().nullable(),
  savedBy: z.string().nullable(),
});

/**
 * A document's history (GET …/history): its latest revisions, newest first, each with who saved
 * it and its body under `key`, then the packaged content as revision 0 when the list goes back
 * that far (decisions 064, 068). The same for every document kept as revisions.
 */
export function revisionHistorySchema<Key extends string, Body extends z.ZodType>(
  key: Key,
  body: Body,
) {
  return z.object({
    revisions: z.array(contentRevisionInfoSchema.extend({ [key]: body } as { [K in Key]: Body })),
  });
}

/** POST …/restore: revision `restore` (0: the packaged content) saved again, from `revision`. */
export const staffRevisionRestoreSchema = z.strictObject({
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  restore: z.number({ error: 'Informe a versão a restaurar.' }).int().min(0),
});
export type StaffRevisionRestore = z.infer<typeof staffRevisionRestoreSchema>;

/** The answer of a preview: the page's HTML, published nowhere. */
export const staffPreviewResponseSchema = z.object({ html: z.string() });
export type StaffPreviewResponse = z.infer<typeof staffPreviewResponseSchema>;

/** GET /api/staff/content/schedule, and the answer of a save. */
export const staffScheduleResponseSchema = contentRevisionInfoSchema.extend({
  schedule: scheduleDocumentSchema,
});
export type StaffScheduleResponse = z.infer<typeof staffScheduleResponseSchema>;

/** PUT /api/staff/content/schedule: the revision the edit started from, and the new schedule. */
export const staffScheduleSaveSchema = z.strictObject({
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  schedule: scheduleDocumentSchema,
});
export type StaffScheduleSave = z.infer<typeof staffScheduleSaveSchema>;

/** GET /api/staff/content/schedule/history. */
export const staffScheduleHistorySchema = revisionHistorySchema('schedule', scheduleDocumentSchema);
export type StaffScheduleHistory = z.infer<typeof staffScheduleHistorySchema>;

/** POST /api/staff/content/schedule/preview: /horarios with this schedule, published nowhere. */
export const staffSchedulePreviewSchema = staffScheduleSaveSchema.omit({ revision: true });
export type StaffSchedulePreview = z.infer<typeof staffSchedulePreviewSchema>;
