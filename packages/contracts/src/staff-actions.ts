/**
 * The staff's record of actions, GET /api/staff/actions (decision 078): a page of rows, newest
 * first, filtered by action, actor, course or person, and the position of the next page.
 */
import { z } from 'zod';

import { directoryIdSchema } from './api.js';

import { staffActionNameSchema } from './staff.js';

/** The record's page size unless `limit` says otherwise. */
export const STAFF_ACTIONS_PAGE = 50;

const LIMIT_MESSAGE = 'Quantidade de linhas inválida: use um número de 1 a 200.';

/** A position in the record: the last row's instant and id, as `next` gave it. */
const actionCursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f-]{36}$/, {
    error: 'Posição do registro inválida: recarregue a página.',
  });

/** GET /api/staff/actions?before=&limit=&action=&actor=&course=&person= (all optional). */
export const staffActionsQuerySchema = z.strictObject({
  /** The `next` of the previous page: older rows. */
  before: actionCursorSchema.optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, { error: LIMIT_MESSAGE })
    .transform(Number)
    .refine((n) => n <= 200, { error: LIMIT_MESSAGE })
    .optional(),
  action: staffActionNameSchema.optional(),
  /** The staff member's id. */
  actor: directoryIdSchema.optional(),
  course: z
    .string()
    .max(80, { error: 'Curso inválido no filtro.' })
    .regex(/^[a-z0-9-]+$/, { error: 'Curso inválido no filtro.' })
    .optional(),
  /** The participant's id (the subject of the action). */
  person: directoryIdSchema.optional(),
});
export type StaffActionsQuery = z.infer<typeof staffActionsQuerySchema>;

/** One row of the record; repeated views of the same thing are one row with `count`. */
export const staffActionSchema = z.object({
  id: z.string(),
  /** UTC ISO-8601: the first time. */
  at: z.string(),
  /** The last of the `count` times (= `at` when once). */
  lastAt: z.string(),
  count: z.number().int().min(1),
  actorId: z.string(),
  /** Kept when acting, so the record keeps who did it after their account is deleted. */
  actorName: z.string(),
  actorEmail: z.string().nullable(),
  action: staffActionNameSchema.or(z.string()),
  course: z.string().nullable(),
  subjectId: z.string().nullable(),
  /** The subject's name now; 'Conta excluída' once the account is gone; null: unknown now. */
  subjectName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type StaffAction = z.infer<typeof staffActionSchema>;

/** GET /api/staff/actions */
export const staffActionsResponseSchema = z.object({
  actions: z.array(staffActionSchema),
  /** `before` for the next (older) page; null: none. */
  next: z.string().nullable(),
  /**
   * With a course filter (and no action or staff-member filter), on the first page: what
   * participants and the waiting list did to the course's places, as the rows held now show it
   * (newest first, at most 100; a cancelled place leaves nothing). Null otherwise.
   */
  places: z
    .array(
      z.object({
        at: z.string(),
        /** Took a place; was given a place from the waiting list; joined the waiting list. */
        kind: z.enum(['enrolled', 'promoted', 'waiting']),
        personId: z.string(),
        /** The name now; 'Conta excluída' once gone; null: unknown now. */
        name: z.string().nullable(),
      }),
    )
    .nullable(),
  /** Everyone who appears as actor in the record (the staff-member filter). */
  actors: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable() })),
});
export type StaffActionsResponse = z.infer<typeof staffActionsResponseSchema>;
