/**
 * How a claimed message leaves the server:
 *
 * - SMTP (`SMTP_URL` set): nodemailer over a small pool of connections, with timeouts, so a
 *   stalled server fails the attempt instead of holding the claim.
 * - `.eml` files (no `SMTP_URL`, the embedded default): nodemailer builds the same RFC 5322 message
 *   (its stream transport), written to `DATA_DIR/outbox/` atomically (a temporary file, synced,
 *   then renamed), one file per message, readable by any mail program. The name is derived from
 *   the message (time, kind, id), so a second delivery of the same message replaces its file.
 *
 * Both give every message the Message-ID `<outbox id@sender's domain>`, the same on a resend, so
 * mail programs can tell a repeated copy.
 */
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { ClaimedMail } from './outbox.js';
import type { MailSettings } from './types.js';

/** What a transport reports of a delivery (never the address or the content). */
export interface DeliveryReport {
  /** The `.eml` file's name, for the file transport. */
  file?: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  deliver(mail: ClaimedMail): Promise<DeliveryReport>;
  close(): Promise<void>;
}

/**
 * The Reply-To address of a message leaving now: MAIL_REPLY_TO, else DATA_PROTECTION_EMAIL, else
 * the packaged centre's e-mail (decision 080).
 */
export type ReplyTo = () => string;

const fixedOrPackaged =
  (settings: Pick<MailSettings, 'replyTo'>): ReplyTo =>
  () =>
    settings.replyTo;

/** The domain of the From address (for Message-IDs). */
function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

/** nodemailer's message fields for a claimed message. */
function mailOptions(mail: ClaimedMail, from: string, replyTo: ReplyTo) {
  return {
    messageId: `<${mail.id}@${senderDomain(from)}>`,
    from,
    replyTo: replyTo(),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
      ...(a.encoding === 'base64' ? { encoding: 'base64' } : {}),
      ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
    })),
  };
}

export function createSmtpTransport(
  settings: Pick<MailSettings, 'smtpUrl' | 'from' | 'replyTo' | 'smtpTimeoutMs'>,
  options: { maxConnections?: number; replyTo?: ReplyTo } = {},
): MailTransport {
  const replyTo = options.replyTo ?? fixedOrPackaged(settings);
  if (!settings.smtpUrl) throw new Error('createSmtpTransport needs an SMTP URL');
  const transporter = nodemailer.createTransport({
    url: settings.smtpUrl,
    pool: true,
    maxConnections: options.maxConnections ?? 3,
    connectionTimeout: settings.smtpTimeoutMs,
    greetingTimeout: settings.smtpTimeoutMs,
    socketTimeout: settings.smtpTimeoutMs * 2,
    // Never log: the protocol carries addresses and content.
    logger: false,
    debug: false,
  });
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail(mailOptions(mail, settings.from, replyTo));
      return {};
    },
    async close() {
      transporter.close();
    },
  };
}

/** `DATA_DIR/outbox`, where the file transport writes. */
export function outboxDirectory(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** "20261123T212400Z-enrolment-confirmation-<id>.eml" */
export function emlFileName(mail: Pick<ClaimedMail, 'id' | 'kind' | 'createdAt'>): string {
  const stamp = mail.createdAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${mail.kind}-${mail.id}.eml`;
}

export function createEmlFileTransport(
  settings: Pick<MailSettings, 'dataDir' | 'from' | 'replyTo'>,
  replyTo: ReplyTo = fixedOrPackaged(settings),
): MailTransport {
  const directory = outboxDirectory(settings.dataDir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'eml',
    async deliver(mail) {
      ready ??= mkdir(directory, { recursive: true, mode: 0o700 });
      await ready;
      const info = await builder.sendMail(mailOptions(mail, settings.from, replyTo));
      const message = info.message as Buffer;
      const file = emlFileName(mail);
      const temporary = path.join(directory, `.${file}.tmp`);
      const handle = await open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(message);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temporary, path.join(directory, file));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { file };
    },
    async close() {
      builder.close();
    },
  };
}

/** SMTP when `smtpUrl` is set, else `.eml` files under `DATA_DIR/outbox/`. */
export function createMailTransport(settings: MailSettings, replyTo: ReplyTo): MailTransport {
  return settings.smtpUrl
    ? createSmtpTransport(settings, { replyTo })
    : createEmlFileTransport(settings, replyTo);
}
