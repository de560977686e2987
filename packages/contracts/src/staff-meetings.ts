/**
 * A class's meetings as dates in the staff area's API (decision 091) and the centre's recesses
 * (decision 092): the one schema of a change to a single meeting (stored on the class and checked
 * when read), the requests that make one, and the recesses Coordenação enters.
 */
import type { MeetingChange } from '@centro/content/site';
import { z } from 'zod';
import { MEETING_TEXT_LIMITS } from './field-labels.js';

const date = z.iso.date({ error: 'Informe uma data válida.' });
const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Informe um horário válido (HH:MM).' });

const message = z
  .string()
  .trim()
  .min(1, 'Escreva a mensagem para a turma.')
  .max(MEETING_TEXT_LIMITS.message, `Use no máximo ${MEETING_TEXT_LIMITS.message} caracteres.`);
const then = z.enum(['later', 'fewer'], {
  error: 'Escolha se a turma termina uma semana depois ou tem um encontro a menos.',
});

/** A change to one meeting as stored on a class (`classes.meeting_changes`). */
export const meetingChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('skip'),
    date,
    then,
    reason: z.string().max(MEETING_TEXT_LIMITS.recessName).optional(),
    recess: z.string().max(64).optional(),
  }),
  z.object({
    kind: z.literal('cancel'),
    date,
    message: z.string().max(MEETING_TEXT_LIMITS.message),
  }),
  z.object({ kind: z.literal('move'), date, to: date, time }),
  z.object({ kind: z.literal('add'), date, time }),
]);
// The stored form and the type every surface reads are one: a difference fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameAsContent: Same<z.infer<typeof meetingChangeSchema>, MeetingChange> = true;
void sameAsContent;

/**
 * POST /api/staff/courses/:slug/classes/:classId/meetings: one change by staff. `date` names the
 * meeting (its date as listed; for 'add', the new meeting's). 'undo' takes back the change made to
 * that date.
 */
export const staffMeetingChangeRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('skip'),
      date,
      then,
      reason: z.string().trim().max(120).optional(),
    }),
    z.strictObject({ kind: z.literal('cancel'), date, message }),
    z.strictObject({ kind: z.literal('move'), date, to: date, time }),
    z.strictObject({ kind: z.literal('add'), date, time }),
    z.strictObject({ kind: z.literal('undo'), date }),
  ],
  { error: 'Escolha o que fazer com o encontro.' },
);
export type StaffMeetingChangeRequest = z.infer<typeof staffMeetingChangeRequestSchema>;

/** One date of a class as staff see it (`classMeetings`). */
export const staffClassMeetingSchema = z.object({
  date: z.string(),
  time: z.string(),
  status: z.enum(['scheduled', 'cancelled', 'skipped']),
  number: z.number().int().nullable(),
  /** The rule's date it stands for; null: added. */
  slot: z.string().nullable(),
  added: z.boolean(),
  movedFrom: z.object({ date: z.string(), time: z.string() }).optional(),
  note: z.string().optional(),
  /** Changed by staff or a recess: 'Desfazer' takes it back (a recess's skip leaves with the recess). */
  changed: z.boolean(),
  /** Skipped by a recess. */
  recess: z.boolean(),
});
export type StaffClassMeeting = z.infer<typeof staffClassMeetingSchema>;

/** The answer: the class's dates as they are now, and how many people were told by e-mail. */
export const staffMeetingChangeResponseSchema = z.object({
  meetings: z.array(staffClassMeetingSchema),
  notified: z.number().int(),
});
export type StaffMeetingChangeResponse = z.infer<typeof staffMeetingChangeResponseSchema>;

/** A recess as the API gives it. */
export const recessSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  then: z.enum(['later', 'fewer']),
});
export type RecessItem = z.infer<typeof recessSchema>;

/** POST /api/staff/recesses ('Novo recesso', Coordenação). */
export const staffRecessRequestSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'Informe o nome do recesso.')
      .max(
        MEETING_TEXT_LIMITS.recessName,
        `Use no máximo ${MEETING_TEXT_LIMITS.recessName} caracteres.`,
      ),
    startsOn: date,
    endsOn: date,
    then,
  })
  .refine((r) => r.startsOn <= r.endsOn, {
    path: ['endsOn'],
    error: 'O recesso termina depois de começar.',
  });
export type StaffRecessRequest = z.infer<typeof staffRecessRequestSchema>;

/** GET /api/staff/recesses; POST answers the same, with the classes changed and people told. */
export const staffRecessesResponseSchema = z.object({
  recesses: z.array(recessSchema),
  classes: z.number().int().optional(),
  notified: z.number().int().optional(),
});
export type StaffRecessesResponse = z.infer<typeof staffRecessesResponseSchema>;

/** `:id` of a recess. */
export const staffRecessParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Recesso inválido.' }),
});
