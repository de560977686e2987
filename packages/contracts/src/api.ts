/**
 * Request and response bodies of the JSON API (spec section 7). The browser keeps the spec's paths and
 * bodies; the server trusts none of the ids in them: it takes the person from the verified `token`.
 * Objects are strict: unknown fields are refused.
 */
import { z } from 'zod';
import { formatPhone, isPlausibleBirthDate, normalisedPhonePattern } from './formatting.js';
import { fieldMessages } from './messages.js';

/** A token issued by GET /api/auth/get-token (compact JWS). */
export const apiTokenSchema = z.string().min(20).max(4096);
/** A directory object id (Entra object id or the embedded provider's account id). */
export const directoryIdSchema = z
  .string()
  .min(1, { error: fieldMessages.directoryId })
  .max(128, { error: fieldMessages.directoryId })
  .regex(/^[A-Za-z0-9-]+$/, { error: fieldMessages.directoryId });

/** GET /api/auth/get-token */
export const getTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the token expires. */
  expires_in: z.number().int().positive(),
});
export type GetTokenResponse = z.infer<typeof getTokenResponseSchema>;

/** The person as the directory knows them (Graph user fields plus the birth-date attribute). */
export const userDetailsSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  mail: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  birthday: z.string().nullable(),
  extensionCelular: z.string().nullable(),
  extensionDataNascimento: z.string().nullable(),
  /** Birth date kept as a security attribute, DD/MM/YYYY. */
  dataNascimento: z.string().nullable(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** GET {graph host}/v1.0/me */
export const graphMeSchema = userDetailsSchema.omit({ dataNascimento: true });
export type GraphMe = z.infer<typeof graphMeSchema>;

/** POST /api/user/details */
export const userDetailsRequestSchema = z.strictObject({
  id: directoryIdSchema,
  token: apiTokenSchema,
});
export type UserDetailsRequest = z.infer<typeof userDetailsRequestSchema>;
export const userDetailsResponseSchema = z.object({ data: userDetailsSchema });
export type UserDetailsResponse = z.infer<typeof userDetailsResponseSchema>;

/** POST /api/group/add */
export const groupAddRequestSchema = z.strictObject({
  /** A course's group id (GUID, any case); the server refuses groups that are not a course's. */
  group: z.string().min(1, { error: fieldMessages.group }).max(64, { error: fieldMessages.group }),
  user: directoryIdSchema,
  token: apiTokenSchema,
  /**
   * The class ('turma') to enrol in, by id. Absent: the course's only class open for
   * enrolment; with several open the answer is 409 `class_required`.
   */
  turma: z
    .string()
    .min(1, { error: fieldMessages.turma })
    .max(64, { error: fieldMessages.turma })
    .optional(),
});
export type GroupAddRequest = z.infer<typeof groupAddRequestSchema>;
export const groupAddResponseSchema = z.object({
  data: z.object({
    /** Slug of the course whose group this is. */
    course: z.string(),
    group: z.string(),
    status: z.literal('enrolled'),
    /** True when the person was already enrolled (no second place was taken). */
    alreadyEnrolled: z.boolean(),
    /**
     * The course's WhatsApp group link in effect (the staff area may have changed its code); null
     * while the course has no invite (the page then says the link comes later).
     */
    groupLink: z.string().nullable().optional(),
    /**
     * When and where the person's class meets (its settings over the content's; the confirmation
     * page shows them): the first meeting (YYYY-MM-DD) and time (HH:MM, the centre's time zone)
     * as the class list gives them, the place (room and address) in words, and the class's id
     * (its own calendar file: `encontros.ics?turma=<id>`, decision 076).
     */
    meetings: z
      .object({
        firstMeeting: z.string(),
        time: z.string(),
        place: z.string(),
        classId: z.string().optional(),
      })
      .optional(),
  }),
});
export type GroupAddResponse = z.infer<typeof groupAddResponseSchema>;

/**
 * Characters a name may not hold: controls (Cc), invisible format characters (Cf: direction
 * overrides such as U+202E, isolates, zero-width characters), line and paragraph separators, lone
 * surrogates (Cs), private-use characters (Co) and U+FFFD, which is what a form's broken UTF-8
 * (a lone surrogate sent as text) decodes to.
 */
export const FORBIDDEN_NAME_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\uFFFD]/u;

/** Display name: NFC-normalised and trimmed, 1 to 120 characters, none of the characters above. */
export const displayNameSchema = z
  .string()
  // Before normalising: NFC turns a lone surrogate into U+FFFD.
  .refine((v) => !/\p{Cs}/u.test(v), { error: fieldMessages.displayName })
  .transform((v) => v.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, { error: fieldMessages.displayName })
      .max(120, { error: fieldMessages.displayName })
      .refine((v) => !FORBIDDEN_NAME_CHARACTERS.test(v), { error: fieldMessages.displayName }),
  );
export const mailSchema = z
  .string()
  .trim()
  .max(254, { error: fieldMessages.mail })
  .pipe(z.email({ error: fieldMessages.mail }));
/** A phone as stored: "+CC DD NNNNN-NNNN". */
export const phoneSchema = z.string().regex(normalisedPhonePattern, { error: fieldMessages.phone });
/**
 * A phone as a person types it: anything section 5's `formatPhone` can format (11 or 13 digits
 * once non-digits are stripped), normalised to "+CC DD NNNNN-NNNN"; anything else refused.
 */
export const phoneInputSchema = z
  .string()
  .max(40, { error: fieldMessages.phone })
  .transform((value, ctx) => {
    const formatted = formatPhone(value);
    if (!formatted.ok) {
      ctx.addIssue({ code: 'custom', message: fieldMessages.phone, input: value });
      return z.NEVER;
    }
    return formatted.value;
  });
export const birthDateSchema = z
  .string()
  .refine((v) => isPlausibleBirthDate(v), { error: fieldMessages.birthDate });

/**
 * POST /api/user/update: one field at a time, each checked by its own rule. A mobilePhone value is
 * normalised (`z.input` is what the website sends, `z.infer` what the server stores).
 */
export const userUpdateRequestSchema = z.discriminatedUnion('param', [
  z.strictObject({
    id: directoryIdSchema,
    token: apiTokenSchema,
    param: z.literal('mobilePhone'),
    value: phoneInputSchema,
  }),
  z.strictObject({
    id: directoryIdSchema,
    token: apiTokenSchema,
    param: z.literal('displayName'),
    value: displayNameSchema,
  }),
  z.strictObject({
    id: directoryIdSchema,
    token: apiTokenSchema,
    param: z.literal('mail'),
    value: mailSchema,
  }),
]);
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;
export type UserUpdateRequestInput = z.input<typeof userUpdateRequestSchema>;
export const updatableUserFields = ['mobilePhone', 'displayName', 'mail'] as const;
export type UpdatableUserField = (typeof updatableUserFields)[number];

/** POST /api/user/update/security-attributes */
export const securityAttributesRequestSchema = z.strictObject({
  id: directoryIdSchema,
  token: apiTokenSchema,
  data_nascimento: birthDateSchema,
});
export type SecurityAttributesRequest = z.infer<typeof securityAttributesRequestSchema>;

/** Answer of the two update calls: the person's details after the change. */
export const userUpdateResponseSchema = userDetailsResponseSchema;
export type UserUpdateResponse = z.infer<typeof userUpdateResponseSchema>;

/** GET /api/courses/availability: places and places left, keyed by course slug. */
export const availabilityResponseSchema = z.object({
  courses: z.record(
    z.string(),
    z.object({
      places: z.number().int().nonnegative(),
      placesLeft: z.number().int().nonnegative(),
      /** The enrolment window at the server's clock (staff settings). */
      state: z.enum(['not-open', 'open', 'closed']),
      /** UTC ISO-8601 instants, null when not set. */
      opensAt: z.string().nullable(),
      closesAt: z.string().nullable(),
    }),
  ),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/**
 * A course's class ('turma') as a visitor sees it: open for enrolment or opening soon.
 * Meetings are the class's settings over the content's; the WhatsApp link is given only on
 * enrolment.
 */
export const publicClassSchema = z.object({
  /** The class id: `turma` of `POST /api/group/add`. */
  id: z.string(),
  /** e.g. 'Turma 2027/1'. */
  name: z.string(),
  /** 'open': takes enrolments within its window; 'planned': announced, not open yet. */
  state: z.enum(['planned', 'open']),
  /** The enrolment window at the server's clock, the class's state included. */
  enrolment: z.enum(['not-open', 'open', 'closed']),
  weekday: z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']),
  /** HH:MM, the centre's time zone. */
  time: z.string(),
  /** YYYY-MM-DD. */
  firstMeeting: z.string(),
  meetingCount: z.number().int().positive(),
  durationMinutes: z.number().int().positive(),
  room: z.string().nullable(),
  places: z.number().int().nonnegative(),
  placesLeft: z.number().int().nonnegative(),
  /** UTC ISO-8601 instants, null when not set. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
});
export type PublicClass = z.infer<typeof publicClassSchema>;

/** GET /api/courses/classes: each course's classes open or opening soon, oldest first. */
export const courseClassesResponseSchema = z.object({
  courses: z.record(z.string(), z.array(publicClassSchema)),
});
export type CourseClassesResponse = z.infer<typeof courseClassesResponseSchema>;
