/**
 * Secrets leave the outbox once sent (decision 051): after a password-reset
 * link, a contact-change link and a verification code were delivered (a real SMTP server), no row
 * of `mail_outbox` holds the token or the code, nor does a backup made afterwards; the messages
 * still arrive with links that work. On SQLite and PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../../tests/support/api-app.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { createTestSmtpServer } from '../../tests/support/smtp-server.js';
import { createBackup, readBackup } from '../backup/backup.js';
import { SQLITE_ENTRY } from '../backup/backup-plan.js';
import { EmailVerifications } from '../idp/store/email-verifications.js';
import { PasswordResets } from '../idp/store/password-resets.js';

const targets = await testDatabaseTargets('mail_sent_secrets');
afterAll(() => Promise.all(targets.map((target) => target.cleanup())));

const secretOf = (pattern: RegExp, text: unknown) => {
  const found = pattern.exec(String(text))?.[1];
  if (!found) throw new Error(`no ${String(pattern)} in the message`);
  return found;
};

describe.each(targets)('sent secrets on $dialect', (target) => {
  it('no stored row nor later backup holds a sent link or code; the links still work', async () => {
    await target.clear(['mail_outbox', 'contact_email_changes', 'password_resets']);
    const smtp = await createTestSmtpServer();
    const api = await createTestApi({
      databaseUrl: target.databaseUrl,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Centro <nao-responda@centro.example>' },
    });
    try {
      const { db } = api.app.database;
      const [person = ''] = await api.createPeople(1);
      const account = await db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', person)
        .executeTakeFirstOrThrow();
      expect(
        await new PasswordResets(db, api.app.mail, 'http://localhost:3000').sendLink(account),
      ).toBe(true);
      const changed = await api.app.inject({
        method: 'POST',
        url: '/api/user/update',
        payload: {
          id: person,
          token: api.tokenFor(person),
          param: 'mail',
          value: `novo-${target.dialect}@example.net`,
        },
      });
      expect(changed.statusCode).toBe(200);
      const verifications = new EmailVerifications(db, api.app.mail);
      await db.transaction().execute((trx) => verifications.queueCode(trx, account));
      api.app.mail.wake();

      const received = await smtp.waitFor(3);
      const bySubject = (subject: string) => received.find((m) => m.subject === subject)?.text;
      const reset = /(\/idp\/redefinir-senha\?token=[\w-]+)/.exec(
        String(bySubject('Redefinição de senha')),
      )?.[1];
      const messages = received.map((m) => String(m.text));
      const link = secretOf(/(\/idp\/redefinir-senha\?token=[\w-]+)/, messages.join('\n'));
      const contact = secretOf(/\/idp\/confirmar-contato\?token=([\w-]+)/, messages.join('\n'));
      const code = secretOf(
        /\b(\d{6})\b/,
        messages.find((m) => !m.includes('token=')),
      );
      expect(reset).toBe(link);
      const secrets = [secretOf(/token=([\w-]+)/, link), contact, code];

      // The sender marks a message sent right after the SMTP server took it.
      const sent = async () =>
        (await db.selectFrom('mail_outbox').selectAll().where('status', '=', 'sent').execute())
          .length;
      for (let i = 0; i < 200 && (await sent()) < 3; i++)
        await new Promise((r) => setTimeout(r, 25));
      const rows = await db.selectFrom('mail_outbox').selectAll().execute();
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
      expect(rows.map((row) => row.subject).sort()).toEqual(
        expect.arrayContaining(['Redefinição de senha']),
      );
      const stored = JSON.stringify(rows);
      expect(secrets.filter((secret) => stored.includes(secret))).toEqual([]);

      // The reset link still opens its page.
      const page = await api.app.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Criar nova senha</h1>');

      if (target.dialect === 'sqlite') {
        // A PostgreSQL backup is a compressed pg_dump of the rows read above; SQLite's is the file.
        const { file } = await createBackup(
          { dataDir: api.fixture.dataDir, databaseUrl: undefined },
          `${api.fixture.dataDir}/../backups`,
        );
        const database =
          (await readBackup(file)).entries.get(SQLITE_ENTRY)?.toString('latin1') ?? '';
        expect(database.length).toBeGreaterThan(0);
        expect(secrets.filter((secret) => database.includes(secret))).toEqual([]);
      }
    } finally {
      await api.close();
      await smtp.stop();
    }
  });
});
