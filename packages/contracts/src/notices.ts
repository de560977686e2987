/**
 * Notices ('Avisos', decision 056): a title, a short text, the period it is shown (São
 * Paulo time, as a `datetime-local` field gives it: "2026-12-24T18:00") and where: the home page,
 * one course's page, or every page. Kept as a content document with revisions, like the schedule.
 */
import { z } from 'zod';
import { contentRevisionInfoSchema, revisionHistorySchema } from './content.js';
import { NOTICE_LIMITS, noticePlaces, saoPauloInstant, type NoticePlace } from './content-rules.js';

export { NOTICE_LIMITS, noticePlaces, saoPauloInstant, type NoticePlace };

const localTime = (label: string) =>
  z
    .string({ error: `${label}: informe data e hora.` })
    .refine((v) => !Number.isNaN(saoPauloInstant(v)), {
      error: `${label}: data e hora inválidas.`,
    });

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}: informe um texto.` })
    .trim()
    .min(1, { error: `${label}: campo obrigatório.` })
    .max(max, { error: `${label}: no máximo ${max} caracteres.` });

export const noticeSchema = z
  .strictObject({
    title: text('Título', NOTICE_LIMITS.title),
    text: text('Texto', NOTICE_LIMITS.text),
    /** Shown from (São Paulo time). */
    from: localTime('Início'),
    /** Shown until (São Paulo time), excluded. */
    until: localTime('Fim'),
    place: z.enum(noticePlaces, { error: 'Escolha onde o aviso aparece.' }),
    /** The course page ("/global-kardec/passe"), when `place` is 'course'. */
    course: z.string().max(200).optional(),
  })
  .superRefine((notice, ctx) => {
    if (saoPauloInstant(notice.until) <= saoPauloInstant(notice.from)) {
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: 'Fim: precisa ser depois do início.',
      });
    }
    if (notice.place === 'course' && !/^\/[a-z0-9-]+\/[a-z0-9-]+$/.test(notice.course ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['course'], message: 'Escolha o curso.' });
    }
  });
export type Notice = z.infer<typeof noticeSchema>;

export const noticesDocumentSchema = z
  .array(noticeSchema)
  .max(NOTICE_LIMITS.notices, { error: `No máximo ${NOTICE_LIMITS.notices} avisos.` });
export type NoticesDocument = z.infer<typeof noticesDocumentSchema>;

/** GET /api/staff/content/notices, and the answer of a save. */
export const staffNoticesResponseSchema = contentRevisionInfoSchema.extend({
  notices: noticesDocumentSchema,
});
export type StaffNoticesResponse = z.infer<typeof staffNoticesResponseSchema>;

/** PUT /api/staff/content/notices: the revision the edit started from, and the new notices. */
export const staffNoticesSaveSchema = z.strictObject({
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  notices: noticesDocumentSchema,
});
export type StaffNoticesSave = z.infer<typeof staffNoticesSaveSchema>;

/**
 * The save as the server checks it: each course named is one of `coursePaths` (the content's
 * courses; kept out of this package's main entry, which the pages' bundles import).
 */
export function staffNoticesSaveSchemaFor(coursePaths: readonly string[]) {
  return staffNoticesSaveSchema.superRefine(knownCourses(coursePaths));
}

/** Refuses a notice for a course not in `coursePaths`, beside its field. */
function knownCourses(coursePaths: readonly string[]) {
  return (save: { notices: Notice[] }, ctx: z.RefinementCtx) => {
    save.notices.forEach((notice, i) => {
      if (notice.place === 'course' && !coursePaths.includes(notice.course ?? '')) {
        ctx.addIssue({
          code: 'custom',
          path: ['notices', i, 'course'],
          message: 'Escolha o curso.',
        });
      }
    });
  };
}

/** GET /api/staff/content/notices/history. */
export const staffNoticesHistorySchema = revisionHistorySchema('notices', noticesDocumentSchema);
export type StaffNoticesHistory = z.infer<typeof staffNoticesHistorySchema>;

/** POST /api/staff/content/notices/preview: the page the notices show on, published nowhere. */
export const staffNoticesPreviewSchema = z.strictObject({ notices: noticesDocumentSchema });
export type StaffNoticesPreview = z.infer<typeof staffNoticesPreviewSchema>;

/** The preview as the server checks it: each course named is one of `coursePaths`. */
export function staffNoticesPreviewSchemaFor(coursePaths: readonly string[]) {
  return staffNoticesPreviewSchema.superRefine(knownCourses(coursePaths));
}

/** The notices a page shows at `now`: in their period, for this page (or every page). */
export function noticesOn(notices: readonly Notice[], urlPath: string, now: Date): Notice[] {
  const t = now.getTime();
  return notices.filter(
    (n) =>
      saoPauloInstant(n.from) <= t &&
      t < saoPauloInstant(n.until) &&
      (n.place === 'everywhere' ||
        (n.place === 'home' && urlPath === '/') ||
        (n.place === 'course' && urlPath === n.course)),
  );
}

/** The next instant after `now` when a notice's period starts or ends (epoch ms), or undefined. */
export function nextNoticeChange(notices: readonly Notice[], now: Date): number | undefined {
  const t = now.getTime();
  const later = notices
    .flatMap((n) => [saoPauloInstant(n.from), saoPauloInstant(n.until)])
    .filter((instant) => instant > t);
  return later.length > 0 ? Math.min(...later) : undefined;
}
