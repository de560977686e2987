/**
 * Check-in at the door by an enrolment's QR code (decision 097): the code holds a random token
 * given to the enrolment by the database (32 upper-case hex characters), never an id or an e-mail.
 * The staff phone reads it and asks the server whose it is for the class; the mark itself goes
 * through the attendance queue (decision 089).
 */
import { z } from 'zod';
import { CHECK_IN_TOKEN_PATTERN } from './check-in-token.js';

export { CHECK_IN_TOKEN_PATTERN, checkInTokenOf } from './check-in-token.js';

export const checkInTokenSchema = z
  .string({ error: 'Informe o código lido.' })
  .trim()
  .toUpperCase()
  .regex(CHECK_IN_TOKEN_PATTERN, { error: 'Código de presença inválido.' });

/**
 * POST /api/staff/courses/:slug/check-in/:meeting?turma=: `code`, the token read from the QR code
 * (not `token`: a body's `token` is the API token, decision 087).
 */
export const staffCheckInRequestSchema = z.strictObject({ code: checkInTokenSchema });
export type StaffCheckInRequest = z.infer<typeof staffCheckInRequestSchema>;

/**
 * Whose the token is: a person of this class (with their mark at the meeting as stored: null
 * when unmarked), an enrolment in another class (its course and class named, not the person), or
 * no enrolment at all.
 */
export const staffCheckInResponseSchema = z.discriminatedUnion('result', [
  z.object({
    result: z.literal('thisClass'),
    personId: z.string(),
    name: z.string(),
    present: z.boolean().nullable(),
  }),
  z.object({ result: z.literal('otherClass'), course: z.string(), turma: z.string() }),
  z.object({ result: z.literal('notFound') }),
]);
export type StaffCheckInResponse = z.infer<typeof staffCheckInResponseSchema>;

/**
 * An enrolment's QR code as its modules, one string of '1' (dark) and '0' (light) per row, drawn
 * by the page ('Minhas inscrições') without a QR library of its own.
 */
export const checkInCodeSchema = z.object({
  token: z.string(),
  modules: z.array(z.string().regex(/^[01]+$/)),
});
export type CheckInCode = z.infer<typeof checkInCodeSchema>;
