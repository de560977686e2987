/**
 * A real SMTP server for the e-mail flows (the `smtp-server` package on 127.0.0.1, messages read
 * back with mailparser), and the reader of the 'Confirme seu e-mail' code it receives.
 */
import { once } from 'node:events';
import { freePort } from '@centro/server/testing';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  disposeProductServer,
  startProductServer,
  test,
  type ProductServer,
} from './sign-in-server';
import { expect } from './test';

export interface Smtp {
  url: string;
  received: ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<Smtp> {
  const port = await freePort();
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(parsed);
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether `message` was sent to `email`. */
export const sentTo = (message: ParsedMail, email: string) =>
  JSON.stringify(message.to).includes(email);

/** The six digits of the 'Confirme seu e-mail' message sent to `email` (EMAIL_VERIFICATION is on). */
export function codeReader(smtp: Smtp) {
  return async (email: string): Promise<string> => {
    const sent = (m: ParsedMail) => m.subject === 'Confirme seu e-mail' && sentTo(m, email);
    await expect.poll(() => smtp.received.some(sent), { timeout: 15_000 }).toBe(true);
    const code = /\b(\d{6})\b/.exec(smtp.received.find(sent)?.text ?? '')?.[1];
    if (!code) throw new Error('no code in the message');
    return code;
  };
}

/**
 * A test with an SMTP server of its own and a product server that sends to it (so e-mail
 * verification is required: sign-ups need `codeReader`); `env` adds to the server's environment.
 */
export const mailServerTestWith = (env: Record<string, string>) =>
  test.extend<{ smtp: Smtp; ownServer: ProductServer }>({
    // eslint-disable-next-line no-empty-pattern
    smtp: async ({}, use) => {
      const smtp = await startSmtp();
      try {
        await use(smtp);
      } finally {
        await smtp.close();
      }
    },
    ownServer: async ({ smtp }, use) => {
      const server = await startProductServer({
        env: {
          SMTP_URL: smtp.url,
          MAIL_FROM: '"Centro Espírita" <nao-responda@centro.org.br>',
          ...env,
        },
      });
      try {
        await use(server);
      } finally {
        await disposeProductServer(server);
      }
    },
    baseURL: async ({ ownServer }, use) => use(ownServer.origin),
  });

export const mailServerTest = mailServerTestWith({});
