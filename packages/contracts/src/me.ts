/**
 * The participant's own space, under /api/me. Every request carries the server's API
 * token as `Authorization: Bearer <token>` (GET /api/auth/get-token); the server takes the person
 * from that token only: no body names a person. Instants are UTC ISO-8601.
 */
import { z } from 'zod';
import { meetingChangeSchema } from './staff-meetings.js';
import { ACCOUNT_DELETE_CONFIRMATION, confirmsAccountDeletion, fieldMessages } from './messages.js';
import { checkInCodeSchema } from './check-in.js';
import { staffRoleSchema } from './staff.js';

const courseSlugSchema = z
  .string({ error: 'Informe o curso.' })
  .min(1, { error: 'Curso inválido.' })
  .max(80, { error: 'Curso inválido.' })
  .regex(/^[a-z0-9-]+$/, { error: 'Curso inválido.' });

/** POST /api/me/enrolments/cancel, /api/me/waiting-list/join and /leave: the course's slug. */
export const myCourseRequestSchema = z.strictObject({ course: courseSlugSchema });
export type MyCourseRequest = z.infer<typeof myCourseRequestSchema>;

/**
 * POST /api/me/waiting-list/join: the course's slug and, optionally, the class ('turma')
 * whose list to join: without it the course's only open class (409 `class_required` with several).
 */
export const myWaitingListJoinRequestSchema = z.strictObject({
  course: courseSlugSchema,
  turma: z
    .string()
    .min(1, { error: fieldMessages.turma })
    .max(64, { error: fieldMessages.turma })
    .optional(),
});
export type MyWaitingListJoinRequest = z.infer<typeof myWaitingListJoinRequestSchema>;

/**
 * Where the person stands in a course: `enrolled` (a confirmed place), `pending` (a place held
 * while the directory adds them to the group: a few seconds, or until the repair's next run),
 * `waiting` (on the waiting list, at `position`).
 */
export const myCourseStateSchema = z.enum(['enrolled', 'pending', 'waiting']);
export type MyCourseState = z.infer<typeof myCourseStateSchema>;

/**
 * A class in the person's history: the current states (`myCourseStateSchema`),
 * or a past one: `concluded` ('Concluído') or `not-concluded` ('Não concluído') once the class was
 * concluded, `cancelled` ('Cancelada') when the person gave their place back or left the list.
 */
export const myEnrolmentStateSchema = z.enum([
  ...myCourseStateSchema.options,
  'concluded',
  'not-concluded',
  'cancelled',
]);
export type MyEnrolmentState = z.infer<typeof myEnrolmentStateSchema>;

export const myEnrolmentSchema = z.object({
  /** The course's slug. */
  course: z.string(),
  title: z.string(),
  /** The programme's slug; the course page is `/<programme>/<course>`. */
  programme: z.string(),
  state: myEnrolmentStateSchema,
  /** 1 for the next person to get a place; null unless `waiting`. */
  position: z.number().int().min(1).nullable(),
  /**
   * When the place was taken (or promoted from the list), or when the person joined the list; for
   * a past class, when it was concluded or when the person cancelled.
   */
  since: z.string(),
  /**
   * Start of the next meeting (its time in America/Sao_Paulo); null after the last one, and for a
   * past class.
   */
  nextMeeting: z.string().nullable(),
  /** The course's WhatsApp group invitation; only for a confirmed place. */
  whatsappUrl: z.string().nullable(),
  /** The class ('turma') of the place or the waiting position. */
  turma: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * The class's meetings in effect (decision 075), as its page and e-mails say them: first
   * meeting (YYYY-MM-DD), weekday, start (HH:MM), length, count and room; null for a past class.
   */
  meetings: z
    .object({
      firstMeeting: z.string(),
      weekday: z.string(),
      time: z.string(),
      durationMinutes: z.number().int(),
      count: z.number().int(),
      room: z.string().nullable(),
      /** Its single meetings changed (decision 091), for `formatClassMeetings`. */
      changes: z.array(meetingChangeSchema).optional(),
    })
    .nullable(),
  /** The QR code to show at the door (decision 097); only for a place ('enrolled', 'pending'). */
  checkIn: checkInCodeSchema.nullable(),
});
export type MyEnrolment = z.infer<typeof myEnrolmentSchema>;

/**
 * GET /api/me/enrolments: places first, then waiting positions, each oldest first, then the past
 * classes (concluded, or cancelled by the person), newest first.
 */
export const myEnrolmentsResponseSchema = z.object({ enrolments: z.array(myEnrolmentSchema) });
export type MyEnrolmentsResponse = z.infer<typeof myEnrolmentsResponseSchema>;

/** POST /api/me/enrolments/cancel */
export const myCancelResponseSchema = z.object({
  course: z.string(),
  cancelled: z.literal(true),
});

/** POST /api/me/waiting-list/join */
export const myWaitingListJoinResponseSchema = z.object({
  course: z.string(),
  /** `waiting` at `position`; `pending`/`enrolled` when a place was given at once. */
  state: myCourseStateSchema,
  position: z.number().int().min(1).nullable(),
});
export type MyWaitingListJoinResponse = z.infer<typeof myWaitingListJoinResponseSchema>;

/** POST /api/me/waiting-list/leave: `left` false when the person was not on the list. */
export const myWaitingListLeaveResponseSchema = z.object({
  course: z.string(),
  left: z.boolean(),
});

/**
 * POST /api/me/opening-alert and /api/me/opening-alert/cancel: `alert` true when the person will
 * be told (by one e-mail) when the course's enrolment opens.
 */
export const myOpeningAlertResponseSchema = z.object({
  course: z.string(),
  alert: z.boolean(),
});
export type MyOpeningAlertResponse = z.infer<typeof myOpeningAlertResponseSchema>;

/** GET /api/me/opening-alerts: the courses' slugs. */
export const myOpeningAlertsResponseSchema = z.object({ courses: z.array(z.string()) });
export type MyOpeningAlertsResponse = z.infer<typeof myOpeningAlertsResponseSchema>;

/** POST /api/me/delete */
export const myAccountDeleteRequestSchema = z.strictObject({
  confirmation: z
    .string()
    .max(40)
    .refine(confirmsAccountDeletion, {
      error: `Digite ${ACCOUNT_DELETE_CONFIRMATION} (em maiúsculas ou minúsculas) para confirmar a exclusão da conta.`,
    }),
});
export const myAccountDeleteResponseSchema = z.object({
  deleted: z.literal(true),
  /**
   * The sign-in account itself was deleted (built-in provider). False with Microsoft Entra ID:
   * the account stays in the centre's tenant; `message` says whom to ask.
   */
  accountDeleted: z.boolean(),
  /** What happened, in pt-BR, for the page. */
  message: z.string(),
});
export type MyAccountDeleteResponse = z.infer<typeof myAccountDeleteResponseSchema>;

/**
 * POST /api/me/sign-out ('Sair'): every token of the person issued until now is refused from here on,
 * on every device. No body.
 */
export const mySignOutRequestSchema = z.strictObject({});
export const mySignOutResponseSchema = z.object({ signedOut: z.literal(true) });
export type MySignOutResponse = z.infer<typeof mySignOutResponseSchema>;

/** GET /api/me/account: how the person signs in, for Perfil. */
export const myAccountSchema = z.object({
  /** The address the person signs in with (built-in provider); null with Microsoft Entra ID. */
  signInEmail: z.string().nullable(),
  /** Where the password changes: in Perfil (built-in provider) or on Microsoft's own page. */
  password: z.enum(['here', 'microsoft']),
});
export type MyAccount = z.infer<typeof myAccountSchema>;

/** POST /api/me/password: 'Alterar senha' in Perfil (built-in provider), with the current one. */
export const myPasswordChangeRequestSchema = z.strictObject({
  current: z.string().max(1024, { error: 'Senha longa demais.' }),
  password: z.string().max(1024, { error: 'Senha longa demais.' }),
});
export type MyPasswordChangeRequest = z.infer<typeof myPasswordChangeRequestSchema>;
export const myPasswordChangeResponseSchema = z.object({ changed: z.literal(true) });

/** GET /api/me/data: everything the product holds about the person (LGPD art. 18 and 19). */
export const myDataSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    name: z.string().nullable(),
    /** The sign-in e-mail (built-in provider). */
    signInEmail: z.string().nullable(),
    /** The contact e-mail ('E-mail' of the profile). */
    mail: z.string().nullable(),
    /** The one phone the product keeps and shows (decision 078). */
    phone: z.string().nullable(),
    birthDate: z.string().nullable(),
    createdAt: z.string().nullable(),
    emailVerifiedAt: z.string().nullable(),
  }),
  /** When the person accepted the privacy notice (sign-up); null when not held here (Entra). */
  consentAt: z.string().nullable(),
  enrolments: z.array(
    z.object({
      course: z.string(),
      title: z.string(),
      /** The class's name ('Turma 2027/1'). */
      turma: z.string().nullable(),
      status: z.enum(['pending', 'confirmed']),
      enrolledAt: z.string(),
      updatedAt: z.string(),
      /** When the place came from the waiting list; null when taken directly. */
      promotedAt: z.string().nullable(),
      /**
       * Whether the place has a QR code for the door (decision 097): while the class is not
       * concluded. The code itself is in 'Minhas inscrições' only: whoever holds it has the place
       * marked present, so a file the person keeps or forwards does not carry it.
       */
      checkInCode: z.boolean(),
    }),
  ),
  waitingList: z.array(
    z.object({
      course: z.string(),
      title: z.string(),
      turma: z.string().nullable(),
      position: z.number().int(),
      joinedAt: z.string(),
    }),
  ),
  /** Every class of the person's history, as 'Minhas inscrições' lists it. */
  history: z.array(
    z.object({
      course: z.string(),
      title: z.string(),
      turma: z.string().nullable(),
      state: myEnrolmentStateSchema,
      position: z.number().int().min(1).nullable(),
      since: z.string(),
      /**
       * Why Coordenação changed the completion ('Concluiu' / 'Não concluiu', decision 061); null
       * when as computed, and for any other state.
       */
      changeReason: z.string().nullable(),
    }),
  ),
  /**
   * 'Liberar inscrição' (decision 061): each course the person may enrol in without its
   * prerequisites, oldest first; kept while the account exists, like the completions in `history`.
   */
  prerequisiteExceptions: z.array(
    z.object({
      course: z.string(),
      title: z.string(),
      grantedAt: z.string(),
      /**
       * Who granted it, by role: only Secretaria or Coordenação may; the staff member's identity is
       * their own personal data, not the person's.
       */
      grantedBy: z.literal('secretaria-ou-coordenacao'),
    }),
  ),
  /**
   * Certificates of completion issued to the person (decision 094: a code is issued on the first
   * download of the PDF), oldest first, withdrawn ones included.
   */
  certificates: z.array(
    z.object({
      /** The verification code printed on the certificate. */
      code: z.string(),
      course: z.string(),
      title: z.string(),
      /** The class's name ('Turma 2027/1'). */
      turma: z.string().nullable(),
      /** When the completion was given; null when it is gone (the class reopened). */
      concludedAt: z.string().nullable(),
      /** When the code was issued. */
      issuedAt: z.string(),
      /** Not withdrawn, and the completion still says 'Concluído': what the public check says. */
      valid: z.boolean(),
      withdrawnAt: z.string().nullable(),
      /** The public check's address (`/certificados/<código>`), as printed on the certificate. */
      verifyUrl: z.string(),
    }),
  ),
  /**
   * What the desk recorded when it enrolled the person before they had an account (decision
   * 095), and which the account claimed: the name, phone and e-mail given there, and the consent
   * given in person, in the exact words read to them.
   */
  deskConsents: z.array(
    z.object({
      name: z.string(),
      phone: z.string().nullable(),
      mail: z.string().nullable(),
      consentText: z.string(),
      consentAt: z.string(),
      /** Who recorded it, by role: only Secretaria or Coordenação enrol at the desk. */
      recordedBy: z.literal('secretaria-ou-coordenacao'),
      claimedAt: z.string().nullable(),
    }),
  ),
  /** 'Avise-me quando abrir': the courses whose opening the person asked to be told of. */
  openingAlerts: z.array(
    z.object({ course: z.string(), title: z.string(), createdAt: z.string() }),
  ),
  /**
   * The e-mails to the person the outbox still holds (a sent one is kept for a while, without its
   * body: decision 051), oldest first.
   */
  messages: z.array(
    z.object({
      /** null: a message composed when it is sent (its subject is kept once sent), not yet sent. */
      subject: z.string().nullable(),
      status: z.enum(['pending', 'sending', 'sent', 'failed']),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  attendance: z.array(
    z.object({
      course: z.string(),
      /** The class's name ('Turma 2027/1'). */
      turma: z.string().nullable(),
      meeting: z.number().int(),
      present: z.boolean(),
      markedAt: z.string(),
    }),
  ),
  /**
   * Staff actions that touched the person (views and exports of lists holding them, attendance,
   * removals, roles...), oldest first, by the role the staff member acted in (decision 078).
   */
  staffActions: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      course: z.string().nullable(),
      /** The course's title (null: no course). */
      title: z.string().nullable(),
      /** null: recorded before roles were kept, or a role no longer known. */
      role: staffRoleSchema.nullable(),
      /** A view repeated shortly after is counted on one entry. */
      count: z.number().int().min(1),
    }),
  ),
  /** Staff roles the person holds in the built-in provider. */
  staffRoles: z.array(z.string()),
});
export type MyData = z.infer<typeof myDataSchema>;
