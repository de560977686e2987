/**
 * Enrolment at the desk and walk-ins at the door (decisions 095 and 096): Secretaria and
 * Coordenação enrol a person who phones or comes in, with or without an account, and add to a
 * meeting someone who came without a place.
 */
import { z } from 'zod';
import { directoryIdSchema } from './api.js';
import {
  CLAIM_CODE_PATTERN,
  DESK_CONSENT_CHANGED,
  DESK_CONSENT_TEXT,
  normaliseClaimCode,
} from './desk.js';
import { formatPhone } from './formatting.js';

const nameSchema = z
  .string()
  .trim()
  .min(3, 'Digite o nome completo da pessoa.')
  .max(120, 'Use no máximo 120 caracteres.')
  .refine((v) => v.split(/\s+/).length >= 2, 'Digite o nome e o sobrenome da pessoa.');

/** A phone as typed, normalised to "+CC DD NNNNN-NNNN". */
const phoneSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const formatted = formatPhone(v);
    if (formatted.ok) return formatted.value;
    ctx.addIssue({
      code: 'custom',
      message: 'Digite o celular com DDD, por exemplo (21) 97777-2222.',
    });
    return z.NEVER;
  });

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Use no máximo 254 caracteres.')
  .pipe(z.email({ error: 'Digite um e-mail válido.' }));

/** A person without an account, told at the desk, who agreed in person (decision 095). */
export const deskNewPersonSchema = z.strictObject({
  name: nameSchema,
  phone: phoneSchema,
  email: z.union([z.literal('').transform(() => undefined), emailSchema]).optional(),
  consentText: z.literal(DESK_CONSENT_TEXT, { error: DESK_CONSENT_CHANGED }),
});
export type DeskNewPerson = z.infer<typeof deskNewPersonSchema>;

/**
 * POST /api/staff/courses/:slug/desk-enrol?turma= : an account (found by the people search) or a
 * person without one; `release`: 'Liberar inscrição' for them first (the course's prerequisites).
 */
export const staffDeskEnrolRequestSchema = z
  .strictObject({
    personId: directoryIdSchema.optional(),
    person: deskNewPersonSchema.optional(),
    release: z.boolean().optional(),
  })
  .refine((r) => (r.personId === undefined) !== (r.person === undefined), {
    error: 'Escolha uma pessoa cadastrada ou preencha os dados de uma pessoa nova.',
  });
export type StaffDeskEnrolRequest = z.input<typeof staffDeskEnrolRequestSchema>;

/**
 * Its answer: a place ('enrolled'), or the waiting list when the class is full. `claimCode`: for a
 * person without an account, the code to give them on paper (shown once; decision 095).
 */
export const staffDeskEnrolResponseSchema = z.object({
  personId: z.string(),
  state: z.enum(['enrolled', 'waiting']),
  position: z.number().int().nullable(),
  alreadyEnrolled: z.boolean(),
  claimCode: z.string().nullable(),
});
export type StaffDeskEnrolResponse = z.infer<typeof staffDeskEnrolResponseSchema>;

/** POST /api/staff/courses/:slug/attendance/:meeting/walk-in?turma= : who came (decision 096). */
export const staffWalkInRequestSchema = z.strictObject({ person: deskNewPersonSchema });
export type StaffWalkInRequest = z.input<typeof staffWalkInRequestSchema>;

/** Its answer: a place taken (and marked present), or a guest of the meeting. */
export const staffWalkInResponseSchema = z.object({
  state: z.enum(['enrolled', 'guest']),
  personId: z.string().nullable(),
  claimCode: z.string().nullable(),
});
export type StaffWalkInResponse = z.infer<typeof staffWalkInResponseSchema>;

/**
 * POST /api/staff/courses/:slug/participants/:personId/claim-code?turma= : 'Gerar novo código' for
 * a person of the class enrolled at the desk who has not claimed yet (decision 095); the old code
 * stops working.
 */
export const staffNewClaimCodeRequestSchema = z.strictObject({ confirm: z.literal(true) });
export type StaffNewClaimCodeRequest = z.input<typeof staffNewClaimCodeRequestSchema>;
/** Its answer: the new code, shown once for staff to write down for the person. */
export const staffNewClaimCodeResponseSchema = z.object({ claimCode: z.string() });
export type StaffNewClaimCodeResponse = z.infer<typeof staffNewClaimCodeResponseSchema>;

/** POST /api/me/claim : the code the desk gave a person enrolled without an account. */
export const myClaimRequestSchema = z.strictObject({
  code: z
    .string()
    .max(20, 'Código inválido.')
    .transform(normaliseClaimCode)
    .refine((v) => CLAIM_CODE_PATTERN.test(v), 'Código inválido. Confira as 8 letras e números.'),
});
/** Its answer: how many places and waiting positions became the person's. */
export const myClaimResponseSchema = z.object({ claimed: z.number().int() });
