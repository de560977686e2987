/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1, keeping every message it
 * receives parsed by `mailparser`. It can be stopped and started again on the same port, to play
 * an SMTP outage. No TLS, no authentication: nodemailer speaks plain SMTP to it.
 */
import { once } from 'node:events';
import net from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Messages received, in arrival order. */
  received: ParsedMail[];
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A TCP port free at this instant on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** A test SMTP server on a free port; `start` it (or pass `started: false` to start later). */
export async function createTestSmtpServer(
  options: { started?: boolean } = {},
): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  let server: SMTPServer | undefined;

  const make = () =>
    new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push(parsed);
            for (const wake of waiters.splice(0)) wake();
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      },
    });

  const smtp: TestSmtpServer = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${received.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    async start() {
      if (server) return;
      server = make();
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
  if (options.started !== false) await smtp.start();
  return smtp;
}
