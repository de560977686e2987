/**
 * Certificates of completion (decision 094): the person's own PDF, GET /api/me/certificates/:turma,
 * and the public check of a verification code, GET /api/certificates/:code (JSON) and the page
 * `/certificados/<código>` (HTML answered by the server). The check names the person, the course
 * and the date of the completion only.
 */
import { z } from 'zod';

/**
 * The code's letters and digits: no 0/O, 1/I/L, 5/S or 8/B, which people misread from paper.
 * Sixteen of them (about 78 bits) cannot be guessed, even without the lookups' rate limit.
 */
export const CERTIFICATE_CODE_ALPHABET = '234679ACDEFGHJKMNPQRTUVWXYZ';
export const CERTIFICATE_CODE_GROUPS = 4;
export const CERTIFICATE_CODE_GROUP_LENGTH = 4;

/** "K7QM-3XPA-9T2C-HDRW": four groups of four, as printed. */
export const CERTIFICATE_CODE_PATTERN = new RegExp(
  `^[${CERTIFICATE_CODE_ALPHABET}]{${CERTIFICATE_CODE_GROUP_LENGTH}}(-[${CERTIFICATE_CODE_ALPHABET}]{${CERTIFICATE_CODE_GROUP_LENGTH}}){${CERTIFICATE_CODE_GROUPS - 1}}$`,
);

/** A code as typed (any case, spaces around): the printed form, or null when it cannot be one. */
export function normaliseCertificateCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return CERTIFICATE_CODE_PATTERN.test(code) ? code : null;
}

/** `/certificados/<código>`: where a certificate is checked (printed on it). */
export function certificatePath(code: string): string {
  return `/certificados/${code}`;
}

/** GET /api/certificates/:code */
export const certificateCodeParamsSchema = z.object({
  code: z.string().min(1).max(64),
});

/** The answer of a check: valid, for whom; or withdrawn ('Certificado inválido'). */
export const certificateCheckSchema = z.discriminatedUnion('valid', [
  z.object({
    code: z.string(),
    valid: z.literal(true),
    /** The person's name, as the certificate prints it. */
    name: z.string(),
    /** The course's title. */
    course: z.string(),
    /** When the completion was given, YYYY-MM-DD (São Paulo). */
    concludedOn: z.string(),
  }),
  z.object({ code: z.string(), valid: z.literal(false) }),
]);
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;

/** GET /api/me/certificates/:turma: the class whose certificate the person asks for. */
export const myCertificateParamsSchema = z.object({
  turma: z.string().min(1).max(64),
});
