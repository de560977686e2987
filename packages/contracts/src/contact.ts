/**
 * The centre's contact details as volunteers will edit them (`/contato`'s
 * address, messaging number, e-mail and map). They are shown on every page (the footer, the
 * JSON-LD), in the e-mails and, for the map, in the pages' CSP `frame-src`: so a map is accepted only
 * from the origins the CSP already allows (`MAP_ORIGINS`), as an embed address. Problems are in
 * pt-BR, naming the field. A content document (`contact`, decision 068) with revisions like the
 * texts; its contracts live here (`@centro/contracts/contact`, out of the index so that no page
 * bundle carries them).
 */
import { z } from 'zod';
import {
  CONTACT_LIMITS,
  CONTACT_PROBLEMS,
  isMapEmbed,
  MAP_ORIGINS,
  STATES,
  whatsappDigitsOf,
} from './contact-rules.js';
import {
  contentRevisionInfoSchema,
  revisionHistorySchema,
  staffRevisionRestoreSchema,
} from './content.js';
import { plainText } from './texts.js';

export { CONTACT_LIMITS, isMapEmbed, MAP_ORIGINS, whatsappDigitsOf };

const { map: MAP_ERROR } = CONTACT_PROBLEMS;

export const contactDetailsSchema = z.strictObject({
  address: z.strictObject({
    street: plainText('Endereço', 1, CONTACT_LIMITS.street),
    district: plainText('Bairro', 1, CONTACT_LIMITS.district),
    city: plainText('Cidade', 1, CONTACT_LIMITS.city),
    state: z
      .string({ error: CONTACT_PROBLEMS.state })
      .trim()
      .toUpperCase()
      .refine((uf) => uf.length === 2 && STATES.includes(uf), {
        error: CONTACT_PROBLEMS.state,
      }),
    postalCode: z
      .string({ error: CONTACT_PROBLEMS.postalCode })
      .trim()
      .regex(/^\d{5}-?\d{3}$/, { error: CONTACT_PROBLEMS.postalCode })
      .transform((cep) => `${cep.replace('-', '').slice(0, 5)}-${cep.slice(-3)}`),
  }),
  whatsapp: z
    .string({ error: CONTACT_PROBLEMS.whatsapp })
    .max(30, { error: CONTACT_PROBLEMS.whatsapp })
    .refine((typed) => whatsappDigitsOf(typed) !== null, {
      error: CONTACT_PROBLEMS.whatsapp,
    })
    .transform((typed) => whatsappDigitsOf(typed) ?? typed),
  email: z
    .string({ error: CONTACT_PROBLEMS.email })
    .trim()
    .toLowerCase()
    .max(254, { error: 'E-mail: no máximo 254 caracteres.' })
    .pipe(z.email({ error: CONTACT_PROBLEMS.email })),
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
export const staffContactHistorySchema = revisionHistorySchema('contact', contactDetailsReadSchema);
export type StaffContactHistory = z.infer<typeof staffContactHistorySchema>;

/** POST /api/staff/content/contact/restore: revision `restore` (0: packaged) saved again. */
export const staffContactRestoreSchema = staffRevisionRestoreSchema;
export type StaffContactRestore = z.infer<typeof staffContactRestoreSchema>;

/** POST /api/staff/content/contact/preview: /contato with these details, published nowhere. */
export const staffContactPreviewSchema = staffContactSaveSchema.omit({ revision: true });
export type StaffContactPreview = z.infer<typeof staffContactPreviewSchema>;
