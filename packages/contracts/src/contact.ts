/**
 * The centre's contact details as volunteers will edit them (issue 32, point 1: `/contato`'s
 * address, messaging number, e-mail and map). They are shown on every page (the footer, the
 * JSON-LD), in the e-mails and, for the map, in the pages' CSP `frame-src`: so a map is accepted only
 * from the origins the CSP already allows (`MAP_ORIGINS`), as an embed address. Problems are in
 * pt-BR, naming the field. A content document (`contact`, decision 068) with revisions like the
 * texts; its contracts live here (`@centro/contracts/contact`, out of the index so that no page
 * bundle carries them).
 */
import { z } from 'zod';
import { contentRevisionInfoSchema } from './content.js';
import { plainText } from './texts.js';

/** The origins a map may be embedded from (the pages' CSP allows exactly these frames). */
export const MAP_ORIGINS: readonly string[] = ['https://www.google.com'];

export const CONTACT_LIMITS = { street: 120, district: 80, city: 80, mapTitle: 120, mapUrl: 2000 };

const STATES = 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO';

/**
 * A Brazilian number as WhatsApp links take it (55, the DDD, the number), from what a person types:
 * `(11) 91234-5678`, `11912345678` or `+55 11 91234-5678`; null when it is not one.
 */
export function whatsappDigitsOf(typed: string): string | null {
  const digits = typed.replace(/\D/g, '');
  const national = digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
  // DDD 11–99, then a mobile (9 and eight digits) or a landline (2–5 and seven digits).
  return /^[1-9]{2}(9\d{8}|[2-5]\d{7})$/.test(national) ? `55${national}` : null;
}

/** Whether `url` is a map embed from an allowed origin. */
export function isMapEmbed(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (!MAP_ORIGINS.includes(parsed.origin)) return false;
  return (
    parsed.pathname.startsWith('/maps/embed') ||
    (parsed.pathname.startsWith('/maps') && parsed.searchParams.get('output') === 'embed')
  );
}

const MAP_ERROR =
  'Mapa: use o endereço de incorporação do Google Maps (https://www.google.com/maps/embed?… ou https://www.google.com/maps?…&output=embed).';

export const contactDetailsSchema = z.strictObject({
  address: z.strictObject({
    street: plainText('Endereço', 1, CONTACT_LIMITS.street),
    district: plainText('Bairro', 1, CONTACT_LIMITS.district),
    city: plainText('Cidade', 1, CONTACT_LIMITS.city),
    state: z
      .string({ error: 'Estado: informe a sigla, como SP.' })
      .trim()
      .toUpperCase()
      .refine((uf) => uf.length === 2 && STATES.split(' ').includes(uf), {
        error: 'Estado: informe a sigla, como SP.',
      }),
    postalCode: z
      .string({ error: 'CEP: informe no formato 00000-000.' })
      .trim()
      .regex(/^\d{5}-?\d{3}$/, { error: 'CEP: informe no formato 00000-000.' })
      .transform((cep) => `${cep.replace('-', '').slice(0, 5)}-${cep.slice(-3)}`),
  }),
  whatsapp: z
    .string({ error: 'WhatsApp: informe DDD e número, como (11) 91234-5678.' })
    .max(30, { error: 'WhatsApp: informe DDD e número, como (11) 91234-5678.' })
    .refine((typed) => whatsappDigitsOf(typed) !== null, {
      error: 'WhatsApp: informe DDD e número, como (11) 91234-5678.',
    })
    .transform((typed) => whatsappDigitsOf(typed) ?? typed),
  email: z
    .string({ error: 'E-mail: informe um endereço, como contato@exemplo.org.' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'E-mail: no máximo 254 caracteres.' })
    .pipe(z.email({ error: 'E-mail: informe um endereço, como contato@exemplo.org.' })),
  mapEmbedUrl: z
    .string({ error: MAP_ERROR })
    .trim()
    .max(CONTACT_LIMITS.mapUrl, { error: `Mapa: no máximo ${CONTACT_LIMITS.mapUrl} caracteres.` })
    .refine(isMapEmbed, { error: MAP_ERROR }),
  mapTitle: plainText('Título do mapa', 1, CONTACT_LIMITS.mapTitle),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

/**
 * The details as read back (already normalised): the same fields without the transforms, which
 * an answer's serialiser cannot run backwards.
 */
export const contactDetailsReadSchema = z.object({
  address: z.object({
    street: z.string(),
    district: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
  }),
  whatsapp: z.string(),
  email: z.string(),
  mapEmbedUrl: z.string(),
  mapTitle: z.string(),
}) satisfies z.ZodType<ContactDetails>;

/** GET /api/staff/content/contact, and the answer of a save or a restore. */
export const staffContactResponseSchema = contentRevisionInfoSchema.extend({
  contact: contactDetailsReadSchema,
});
export type StaffContactResponse = z.infer<typeof staffContactResponseSchema>;

/** PUT /api/staff/content/contact: the revision the edit started from, and the new details. */
export const staffContactSaveSchema = z.strictObject({
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  contact: contactDetailsSchema,
});
export type StaffContactSave = z.infer<typeof staffContactSaveSchema>;

/**
 * GET /api/staff/content/contact/history: the latest revisions, newest first, then the packaged
 * details as revision 0 when the list goes back that far.
 */
export const staffContactHistorySchema = z.object({
  revisions: z.array(contentRevisionInfoSchema.extend({ contact: contactDetailsReadSchema })),
});
export type StaffContactHistory = z.infer<typeof staffContactHistorySchema>;

/** POST /api/staff/content/contact/restore: revision `restore` (0: packaged) saved again. */
export const staffContactRestoreSchema = z.strictObject({
  revision: z.number({ error: 'Informe a versão editada.' }).int().min(0),
  restore: z.number({ error: 'Informe a versão a restaurar.' }).int().min(0),
});
export type StaffContactRestore = z.infer<typeof staffContactRestoreSchema>;
