/**
 * The site's texts edited in the staff area (decision 064): the home page's
 * introduction, the 'Saiba mais' text and each course's welcome, summary, description and cycle
 * text. Each is a content document with revisions, like the schedule (decision 054): the home
 * page is `home`, 'Saiba mais' is `about`, a course is its page's path (`/global-kardec/passe`).
 * Texts are Markdown limited to paragraphs, bold, italics and links (rich-text.ts).
 */
import { z } from 'zod';
import { contentRevisionInfoSchema, staffPreviewResponseSchema } from './content.js';
import { isTextDocument, TEXT_LIMITS, textProblem } from './text-rules.js';
import { refusedLinks } from './rich-text.js';

export { isTextDocument, TEXT_LIMITS, textProblem };

/** A rich text: at most `max` characters, every link allowed. */
const richText = (label: string, max: number) =>
  z
    .string({ error: `${label}: informe um texto.` })
    .trim()
    .superRefine((value, ctx) => {
      const problem = textProblem(label, value, max, 1) ?? linkProblem(label, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const linkProblem = (label: string, value: string) => {
  const [refused] = refusedLinks(value);
  return refused === undefined
    ? null
    : `${label}: o link ${refused.slice(0, 80)} não é permitido; use https:, mailto:, tel: ou uma página do site (/...).`;
};

/** A plain one-line text (no marks), its problems in pt-BR naming the field. */
export const plainText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label}: informe um texto.` })
    .trim()
    .superRefine((value, ctx) => {
      const problem = textProblem(label, value, max, min) ?? lineProblem(label, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const lineProblem = (label: string, value: string) =>
  /[\n\r<>]/.test(value) ? `${label}: uma linha só, sem os sinais < e >.` : null;

export const homeTextsSchema = z.strictObject({
  introduction: richText('Apresentação', TEXT_LIMITS.introduction),
});
export type HomeTexts = z.infer<typeof homeTextsSchema>;

export const aboutTextsSchema = z.strictObject({
  text: richText('Texto', TEXT_LIMITS.about),
});
export type AboutTexts = z.infer<typeof aboutTextsSchema>;

export const courseTextsSchema = z.strictObject({
  welcome: plainText('Boas-vindas', 1, TEXT_LIMITS.welcome),
  summary: plainText('Resumo', TEXT_LIMITS.summaryMin, TEXT_LIMITS.summary),
  description: richText('Descrição', TEXT_LIMITS.description),
  cycle: richText('Texto do ciclo', TEXT_LIMITS.cycle),
});
export type CourseTexts = z.infer<typeof courseTextsSchema>;

export const textsSchema = z.union([homeTextsSchema, aboutTextsSchema, courseTextsSchema], {
  error: 'Textos incompletos para esta página.',
});
export type Texts = z.infer<typeof textsSchema>;

/** The schema of a text document's body: `home`, `about` or a course's path. */
export function textsSchemaOf(document: string) {
  if (document === 'home') return homeTextsSchema;
  if (document === 'about') return aboutTextsSchema;
  return courseTextsSchema;
}

/** GET /api/staff/content/texts?document=…, and the answer of a save or a restore. */
export const staffTextsResponseSchema = contentRevisionInfoSchema.extend({
  document: z.string(),
  texts: textsSchema,
});
export type StaffTextsResponse = z.infer<typeof staffTextsResponseSchema>;

export const staffTextsQuerySchema = z.strictObject({
  document: z.string().max(200),
});

/** PUT /api/staff/content/texts: the revision the edit started from, and the page's texts. */
export const staffTextsSaveSchema = z.strictObject({
  document: z.string().max(200),
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  texts: textsSchema,
});
export type StaffTextsSave = z.infer<typeof staffTextsSaveSchema>;

/** POST /api/staff/content/preview: a page's texts to see, published nowhere. */
export const staffTextsPreviewSchema = staffTextsSaveSchema.omit({ revision: true });
export type StaffTextsPreview = z.infer<typeof staffTextsPreviewSchema>;

/** The preview's answer: the page's HTML, its stylesheets linked (decision 064). */
export const staffTextsPreviewResponseSchema = staffPreviewResponseSchema;

/** The save as the server checks it: a known page, its own texts (`coursePaths`: the content's). */
export function staffTextsSaveSchemaFor(coursePaths: readonly string[]) {
  return staffTextsSaveSchema.superRefine(ownTexts(coursePaths));
}

/** The preview as the server checks it, as a save. */
export function staffTextsPreviewSchemaFor(coursePaths: readonly string[]) {
  return staffTextsPreviewSchema.superRefine(ownTexts(coursePaths));
}

function ownTexts(coursePaths: readonly string[]) {
  return (save: StaffTextsPreview, ctx: z.RefinementCtx) => {
    if (!isTextDocument(save.document, coursePaths)) {
      ctx.addIssue({ code: 'custom', path: ['document'], message: 'Página desconhecida.' });
      return;
    }
    const own = textsSchemaOf(save.document).safeParse(save.texts);
    if (!own.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['texts'],
        message: 'Textos incompletos para esta página.',
      });
    }
  };
}

/**
 * GET /api/staff/content/history?document=…: the latest revisions, newest first, then the
 * packaged texts as revision 0 (nobody saved them) when the list goes back that far.
 */
export const staffContentHistorySchema = z.object({
  document: z.string(),
  revisions: z.array(
    z.object({
      revision: z.number().int().min(0),
      savedAt: z.string().nullable(),
      savedBy: z.string().nullable(),
      /** The page's texts as saved. */
      texts: textsSchema,
    }),
  ),
});
export type StaffContentHistory = z.infer<typeof staffContentHistorySchema>;

/**
 * POST /api/staff/content/restore: revision `restore` (0: the packaged texts) saved again as the
 * newest, from `revision`.
 */
export const staffContentRestoreSchema = z.strictObject({
  document: z.string().max(200),
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  restore: z.number({ error: 'Informe a versão a restaurar.' }).int().min(0),
});
export type StaffContentRestore = z.infer<typeof staffContentRestoreSchema>;
