/**
 * A course's prerequisites in the staff area (decision 061): the courses a
 * person must have concluded to enrol (the content's default, or Coordenação's list), 'Liberar
 * inscrição' (one person's exception for one course), finding the person, and a participant's
 * completion changed by Coordenação with a reason.
 */
import { z } from 'zod';
import { directoryIdSchema } from './api.js';
import { isSpecificPeopleQuery, PEOPLE_QUERY_MESSAGE } from './people-query.js';

const slugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'Curso inválido.');

/** A course named in a list of prerequisites. */
export const staffPrerequisiteCourseSchema = z.object({ slug: z.string(), title: z.string() });

/** A person allowed to enrol without the prerequisites ('Liberar inscrição'). */
export const staffPrerequisiteExceptionSchema = z.object({
  personId: z.string(),
  /** Their name now; null when the directory did not answer. */
  name: z.string().nullable(),
  grantedAt: z.string(),
});

/** GET /api/staff/courses/:slug/prerequisites (Coordenação and Secretaria; a recorded view). */
export const staffPrerequisitesResponseSchema = z.object({
  /** The courses required now. */
  required: z.array(staffPrerequisiteCourseSchema),
  /** The content's default (what 'Voltar ao padrão' restores). */
  defaults: z.array(staffPrerequisiteCourseSchema),
  /** True when Coordenação changed the list (the default no longer applies). */
  byStaff: z.boolean(),
  exceptions: z.array(staffPrerequisiteExceptionSchema),
  /** Every other course, in the content's order: what Coordenação may choose from. */
  choices: z.array(staffPrerequisiteCourseSchema),
});
export type StaffPrerequisitesResponse = z.infer<typeof staffPrerequisitesResponseSchema>;

/** PUT /api/staff/courses/:slug/prerequisites (Coordenação): the slugs, or null for the default. */
export const staffPrerequisitesRequestSchema = z.strictObject({
  required: z.array(slugSchema).max(20, 'Escolha no máximo 20 cursos.').nullable(),
});
export type StaffPrerequisitesRequest = z.infer<typeof staffPrerequisitesRequestSchema>;

/** POST /api/staff/courses/:slug/exceptions ('Liberar inscrição'; Coordenação and Secretaria). */
export const staffExceptionRequestSchema = z.strictObject({ personId: directoryIdSchema });

/** GET /api/staff/people?q= : people found by e-mail or name (a recorded view). */
export const staffPeopleQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(120, 'Use no máximo 120 caracteres.')
    .refine(isSpecificPeopleQuery, PEOPLE_QUERY_MESSAGE),
});
export const staffPeopleResponseSchema = z.object({
  people: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type StaffPeopleResponse = z.infer<typeof staffPeopleResponseSchema>;

/** A participant's completion of a concluded class, as staff see it. */
export const staffCompletionSchema = z.object({
  personId: z.string(),
  /** Their name now; null when the directory did not answer. */
  name: z.string().nullable(),
  classId: z.string(),
  className: z.string(),
  concluded: z.boolean(),
  concludedAt: z.string(),
  /** Why Coordenação changed it (null: as computed from the attendance). */
  reason: z.string().nullable(),
});
export type StaffCompletion = z.infer<typeof staffCompletionSchema>;

/** GET /api/staff/courses/:slug/completions (Coordenação and Secretaria; a recorded view). */
export const staffCompletionsResponseSchema = z.object({
  completions: z.array(staffCompletionSchema),
});
export type StaffCompletionsResponse = z.infer<typeof staffCompletionsResponseSchema>;

/** `:slug/:classId/:personId` of a completion. */
export const staffCompletionParamsSchema = z.strictObject({
  slug: slugSchema,
  classId: z.uuid(),
  personId: directoryIdSchema,
});

/** POST .../completions/:classId/:personId (Coordenação): the new state and why. */
export const staffCompletionChangeSchema = z.strictObject({
  concluded: z.boolean(),
  reason: z
    .string()
    .trim()
    .min(3, 'Informe o motivo da alteração.')
    .max(300, 'Use no máximo 300 caracteres.'),
});
export type StaffCompletionChange = z.infer<typeof staffCompletionChangeSchema>;
