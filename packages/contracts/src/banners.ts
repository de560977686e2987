/**
 * Banners ('Avisos', decision 056; 'notices' are e-mails: decision 101): a title, a short text,
 * the period it is shown (São Paulo time, as a `datetime-local` field gives it:
 * "2026-12-24T18:00") and where: the home page, one course's page, or every page. Kept as a
 * content document with revisions, like the schedule; the document, its route and its JSON field
 * keep the name `notices`.
 */
import { z } from 'zod';
import { contentRevisionInfoSchema, revisionHistorySchema } from './content.js';
import { BANNER_LIMITS, bannerPlaces, saoPauloInstant, type BannerPlace } from './content-rules.js';

export { BANNER_LIMITS, bannerPlaces, saoPauloInstant, type BannerPlace };

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

export const bannerSchema = z
  .strictObject({
    title: text('Título', BANNER_LIMITS.title),
    text: text('Texto', BANNER_LIMITS.text),
    /** Shown from (São Paulo time). */
    from: localTime('Início'),
    /** Shown until (São Paulo time), excluded. */
    until: localTime('Fim'),
    place: z.enum(bannerPlaces, { error: 'Escolha onde o aviso aparece.' }),
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
export type Banner = z.infer<typeof bannerSchema>;

export const bannersDocumentSchema = z
  .array(bannerSchema)
  .max(BANNER_LIMITS.notices, { error: `No máximo ${BANNER_LIMITS.notices} avisos.` });
export type BannersDocument = z.infer<typeof bannersDocumentSchema>;

/** GET /api/staff/content/notices, and the answer of a save. */
export const staffBannersResponseSchema = contentRevisionInfoSchema.extend({
  notices: bannersDocumentSchema,
});
export type StaffBannersResponse = z.infer<typeof staffBannersResponseSchema>;

/** PUT /api/staff/content/notices: the revision the edit started from, and the new notices. */
export const staffBannersSaveSchema = z.strictObject({
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  notices: bannersDocumentSchema,
});
export type StaffBannersSave = z.infer<typeof staffBannersSaveSchema>;

/**
 * The save as the server checks it: each course named is one of `coursePaths` (the content's
 * courses; kept out of this package's main entry, which the pages' bundles import).
 */
export function staffBannersSaveSchemaFor(coursePaths: readonly string[]) {
  return staffBannersSaveSchema.superRefine(knownCourses(coursePaths));
}

/** Refuses a notice for a course not in `coursePaths`, beside its field. */
function knownCourses(coursePaths: readonly string[]) {
  return (save: { notices: Banner[] }, ctx: z.RefinementCtx) => {
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
export const staffBannersHistorySchema = revisionHistorySchema('notices', bannersDocumentSchema);
export type StaffBannersHistory = z.infer<typeof staffBannersHistorySchema>;

/** POST /api/staff/content/notices/preview: the page the notices show on, published nowhere. */
export const staffBannersPreviewSchema = z.strictObject({ notices: bannersDocumentSchema });
export type StaffBannersPreview = z.infer<typeof staffBannersPreviewSchema>;

/** The preview as the server checks it: each course named is one of `coursePaths`. */
export function staffBannersPreviewSchemaFor(coursePaths: readonly string[]) {
  return staffBannersPreviewSchema.superRefine(knownCourses(coursePaths));
}

/** The notices a page shows at `now`: in their period, for this page (or every page). */
export function bannersOn(notices: readonly Banner[], urlPath: string, now: Date): Banner[] {
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
export function nextBannerChange(notices: readonly Banner[], now: Date): number | undefined {
  const t = now.getTime();
  const later = notices
    .flatMap((n) => [saoPauloInstant(n.from), saoPauloInstant(n.until)])
    .filter((instant) => instant > t);
  return later.length > 0 ? Math.min(...later) : undefined;
}
