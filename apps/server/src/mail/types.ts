/**
 * The mail module's shared types: a message as the product composes it (and the outbox keeps it),
 * its attachments, and the settings the module runs with (mapped from the environment by
 * config/mail.ts; the module itself never reads process.env).
 */
import type { StaffRoleName } from '@centro/contracts';

/** A file attached to a message; `content` is text (`utf-8`) or base64 (`base64`). */
export interface MailAttachment {
  filename: string;
  /** e.g. "text/calendar; charset=utf-8; method=PUBLISH" */
  contentType: string;
  content: string;
  encoding: 'utf-8' | 'base64';
  /** Shown inside the HTML by `cid:<cid>` (an inline image) rather than listed as a file. */
  cid?: string;
}

/** What a message is, for logs and operators ("enrolment-confirmation"...): never who or what. */
export type MailKind =
  | 'enrolment-confirmation'
  | 'email-verification'
  | 'password-reset'
  | 'sign-up-attempt'
  | 'contact-email-change'
  | 'account-deleted'
  /** 'Enviar mensagem à turma': composed when staff send it (decision 063). */
  | 'class-message'
  | NoticeKind;

/** What happens to a person, told by a notice kept as data (decision 055). */
export type NoticeKind =
  | 'enrolment-cancelled'
  | 'waiting-list-joined'
  | 'waiting-list-promotion'
  | 'enrolment-removed'
  | 'course-meetings-changed'
  | 'staff-role-granted'
  | 'staff-role-revoked'
  | 'enrolment-opened'
  | 'class-reminder'
  /** The class's WhatsApp invite, to the people told it would come (decision 077). */
  | 'class-invite'
  /** 'Encerrar turma': the person's result and attendance (decision 077). */
  | 'class-concluded'
  /** A class reopened after a conclusion by mistake: the result withdrawn (decision 077). */
  | 'class-reopened';

/** The notices about a place in a course: the person and the course alone. */
export type CourseNoticeKind = Exclude<
  NoticeKind,
  | 'waiting-list-joined'
  | 'staff-role-granted'
  | 'staff-role-revoked'
  | 'class-concluded'
  | 'class-reopened'
>;

/** A composed message: the outbox stores it, the sender delivers it. */
export interface MailMessage {
  kind: MailKind;
  /** One address. */
  to: string;
  subject: string;
  html: string;
  /** The plain-text part. */
  text: string;
  attachments: MailAttachment[];
}

/**
 * A message kept as its data (decision 033): what it is about and for whom, composed by the sender
 * at delivery (the person's address and name from the directory, the course in effect then).
 */
export type MailData =
  | {
      kind: 'enrolment-confirmation' | CourseNoticeKind;
      /** The directory id of the person. */
      personId: string;
      /** The course's slug. */
      courseSlug: string;
      /**
       * 'course-meetings-changed' of a move (decision 090): the class left, whose calendar event
       * the notice's file cancels (decision 091).
       */
      leftClass?: string;
    }
  | {
      kind: 'waiting-list-joined';
      personId: string;
      courseSlug: string;
      /** The person's place in the line when they joined (1: next). */
      position: number;
    }
  | {
      kind: 'class-concluded';
      personId: string;
      courseSlug: string;
      /** The class's name when it was concluded. */
      className: string;
      concluded: boolean;
      /** Meetings present, of `meetings` (the class's count). */
      present: number;
      meetings: number;
      minimumPercent: number;
    }
  | {
      kind: 'class-reopened';
      personId: string;
      courseSlug: string;
      className: string;
    }
  | {
      kind: 'staff-role-granted';
      personId: string;
      /** The role given. */
      role: StaffRoleName;
      /** Monitor(a)'s class as named when given: the course's title, the class's name. */
      class?: { course: string; name: string };
    }
  | {
      kind: 'staff-role-revoked';
      personId: string;
      /** The role taken back. */
      role: StaffRoleName;
      /** Monitor(a)'s class as named when taken back. */
      class?: { course: string; name: string };
    };

/**
 * Composes a message kept as data, at delivery. Null: nothing to send (the person has no valid
 * address any more, or the course left the content); the row is then dropped. A throw (the
 * directory unavailable) is a failed attempt, retried with the backoff.
 */
export type MailComposer = (data: MailData) => Promise<MailMessage | null>;

/** How the module sends mail. */
export interface MailSettings {
  /** SMTP server (`smtp://user:pass@host:587`, `smtps://…`); none: `.eml` files under `dataDir/outbox`. */
  smtpUrl: string | undefined;
  /** The From header, e.g. `"Centro Espírita Caminho da Luz" <nao-responda@centro.org.br>`. */
  from: string;
  /**
   * The Reply-To header: MAIL_REPLY_TO, else DATA_PROTECTION_EMAIL, else the packaged centre's
   * e-mail; never the contact e-mail edited in 'Conteúdo' (decision 080).
   */
  replyTo: string;
  /** Where personal data requests go (the privacy notice names it; decision 080). */
  dataProtectionEmail: string;
  /** Confirmations and notices one person may receive in 24 hours (0: no limit; decision 080). */
  perPersonPerDay: number;
  /** Whether the built-in provider requires a verified e-mail before enrolment. */
  emailVerification: 'required' | 'off';
  /** Where `.eml` files go (under `outbox/`) without SMTP. */
  dataDir: string;
  /** Attempts of one message before it is left 'failed' (default 12: about five hours). */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each (default 30 s). */
  backoffBaseMs: number;
  /** Longest wait between two attempts (default 1 h). */
  backoffMaxMs: number;
  /** How long a claim holds before another sender may take the message (default 2 min). */
  leaseMs: number;
  /** How often the sender looks for due messages without being woken (default 5 s). */
  pollIntervalMs: number;
  /**
   * Messages claimed at once (default 3, one per SMTP connection: a claim's lease then covers one
   * round of deliveries).
   */
  batchSize: number;
  /** Timeout of each SMTP connection step (default 15 s). */
  smtpTimeoutMs: number;
}

/** The defaults of the settings the environment does not set. */
export const MAIL_DEFAULTS = {
  maxAttempts: 12,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
  pollIntervalMs: 5_000,
  batchSize: 3,
  smtpTimeoutMs: 15_000,
} as const satisfies Partial<MailSettings>;
