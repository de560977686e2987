/**
 * A change of the contact e-mail sends the centre's mail to an address nobody has proven: it is limited per account and per recipient, the refusal says so, and the message
 * does not carry the account's display name (whoever asked wrote it). Through the real server and
 * database.
 */
import { ErrorCode } from '@centro/contracts/error-codes';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/api-app.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp-server.js';
import { PasswordResets } from './store/password-resets.js';
import { CONTACT_CHANGES_PER_HOUR } from './store/throttle.js';

const targets = await testDatabaseTargets('idp_contact_limits');
afterAll(() => Promise.all(targets.map((target) => target.cleanup())));

const SCAM_NAME = 'Ganhe um premio em golpe.example';

async function withApi(
  target: (typeof targets)[number],
  run: (api: TestApi, smtp: TestSmtpServer) => Promise<void>,
) {
  await target.clear(['mail_outbox', 'login_failures', 'contact_email_changes', 'password_resets']);
  const smtp = await createTestSmtpServer();
  const api = await createTestApi({
    databaseUrl: target.databaseUrl,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Centro <nao-responda@centro.example>' },
  });
  try {
    await run(api, smtp);
  } finally {
    await api.close();
    await smtp.stop();
  }
}

const change = (api: TestApi, person: string, value: string) =>
  api.app.inject({
    method: 'POST',
    url: '/api/user/update',
    payload: { id: person, token: api.tokenFor(person), param: 'mail', value },
  });

async function contactMessages(api: TestApi) {
  return api.app.database.db
    .selectFrom('mail_outbox')
    .select(['recipient', 'html', 'text'])
    .where('kind', '=', 'contact-email-change')
    .execute();
}

describe.each(targets)('contact e-mail changes on $dialect', (target) => {
  it('send at most a few links per account, concurrently too, and refuse the rest with 429', async () => {
    await withApi(target, async (api) => {
      const [person = ''] = await api.createPeople(1);
      await api.app.database.db
        .updateTable('accounts')
        .set({ display_name: SCAM_NAME })
        .where('id', '=', person)
        .execute();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          change(api, person, `fora-${i}-${target.dialect}@example.net`),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(CONTACT_CHANGES_PER_HOUR);
      expect(statuses.filter((s) => s === 429)).toHaveLength(12 - CONTACT_CHANGES_PER_HOUR);
      const refused = answers.find((answer) => answer.statusCode === 429);
      expect(refused?.json()).toMatchObject({ error: ErrorCode.TooManyRequests });
      expect(refused?.json().message).toMatch(/troca de e-mail.*aguarde \d+ minutos/i);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

      const sent = await contactMessages(api);
      expect(sent).toHaveLength(CONTACT_CHANGES_PER_HOUR);
      // Nobody has proven these addresses: the name the account chose is not in the message.
      for (const message of sent) {
        expect(message.text).not.toContain(SCAM_NAME);
        expect(message.html).not.toContain(SCAM_NAME);
      }
      // Going back to the account's own address needs no message, and is not refused.
      expect((await change(api, person, `${person}@example.org`)).statusCode).toBe(200);
    });
  });

  it('a reset link names only an account whose address is confirmed', async () => {
    await withApi(target, async (api) => {
      const { db } = api.app.database;
      const [unconfirmed = '', confirmed = ''] = await api.createPeople(2);
      await db.updateTable('accounts').set({ display_name: SCAM_NAME }).execute();
      await db
        .updateTable('accounts')
        .set({ email_verified_at: null })
        .where('id', '=', unconfirmed)
        .execute();
      const resets = new PasswordResets(db, api.app.mail, 'http://localhost:3000');
      for (const id of [unconfirmed, confirmed]) {
        const account = await db
          .selectFrom('accounts')
          .select(['id', 'email', 'display_name', 'email_verified_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(await resets.sendLink(account)).toBe(true);
      }
      const textTo = async (id: string) =>
        (
          await db
            .selectFrom('mail_outbox')
            .select('text')
            .where('kind', '=', 'password-reset')
            .where('recipient', '=', `${id}@example.org`)
            .executeTakeFirstOrThrow()
        ).text;
      expect(await textTo(unconfirmed)).not.toContain(SCAM_NAME);
      expect(await textTo(confirmed)).toContain(SCAM_NAME);
    });
  });

  it('send at most a few links to one address, whichever accounts ask', async () => {
    await withApi(target, async (api) => {
      const people = await api.createPeople(CONTACT_CHANGES_PER_HOUR + 2);
      const victim = `alvo-${target.dialect}@example.net`;
      const statuses: number[] = [];
      for (const person of people) statuses.push((await change(api, person, victim)).statusCode);
      expect(statuses).toEqual([...Array<number>(CONTACT_CHANGES_PER_HOUR).fill(200), 429, 429]);
      expect(await contactMessages(api)).toHaveLength(CONTACT_CHANGES_PER_HOUR);
    });
  });
});
