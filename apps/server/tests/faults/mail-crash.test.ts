/**
 * Servers killed (SIGKILL) with confirmation e-mails queued deliver them after a restart, each
 * exactly once: the real server (`node apps/server/dist/main.js`, built by `npx tsc -b`) as child
 * processes, SQLite (one instance, its DATA_DIR) and PostgreSQL (two instances on one database).
 * SMTP is down during the first life, so every message is still in the outbox when the servers
 * die; before the restart the test moves the outbox's clock past the backoff and the leases (the
 * wait a real outage would have), then brings SMTP back.
 */
import { allCourses } from '@centro/content';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiTokens } from '../../src/auth/api-tokens.js';
import { ensureDataDir } from '../../src/data-dir.js';
import { openDatabase } from '../../src/db/database.js';
import { testDatabaseTargets } from '../support/databases.js';
import {
  processExited,
  seedPeople,
  startServerProcess,
  stopServerProcess,
  warnIfNotBuilt,
  type ServerProcess,
} from '../support/server-process.js';
import { createTestSmtpServer } from '../support/smtp-server.js';
import { createFixtureWebRoot } from '../support/web-root.js';

const SECRET = 'chave-do-teste-de-queda-com-mensagens-0123456789abcdef';
const PEOPLE = 12;
const built = warnIfNotBuilt('the mail crash test');
const targets = await testDatabaseTargets('mail-crash');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.skipIf(!built).each(targets)('servers killed with mail queued ($dialect)', (target) => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const { child } of servers) await stopServerProcess(child);
  });

  it('deliver every queued message exactly once after a restart', { timeout: 90_000 }, async () => {
    const fixture = await createFixtureWebRoot();
    const smtp = await createTestSmtpServer({ started: false });
    try {
      const instances = target.dialect === 'postgres' ? 2 : 1;
      const env: Record<string, string> = {
        SMTP_URL: smtp.url,
        MAIL_FROM: '"Centro Espírita" <nao-responda@centro.org.br>',
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      };
      const database = { databaseUrl: target.databaseUrl, dataDir: fixture.dataDir };
      await ensureDataDir(fixture.dataDir);
      const handle = await openDatabase(database);
      const people = await seedPeople(handle.db, PEOPLE);
      const tokens = createApiTokens({ secret: Buffer.from(SECRET) });
      const course = allCourses().find((c) => c.places >= PEOPLE);
      if (!course) throw new Error('no course with enough places');

      const start = async () => {
        const started = await Promise.all(
          Array.from({ length: instances }, () =>
            startServerProcess({ fixture, secret: SECRET, env }),
          ),
        );
        servers.push(...started);
        return started;
      };
      const first = await start();
      const answers = await Promise.all(
        people.map((user, i) =>
          fetch(`${first[i % first.length]?.origin ?? ''}/api/group/add`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              group: course.groupId,
              user,
              token: tokens.issueForUser(user).token,
            }),
          }).then(async (res) =>
            // A refusal names itself: a failure then says which answers came back.
            res.status === 200 ? 200 : `${res.status} ${await res.text()}`,
          ),
        ),
      );
      expect(answers).toEqual(people.map(() => 200));
      const queued = await handle.db
        .selectFrom('mail_outbox')
        .select(['status'])
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      expect(queued).toHaveLength(PEOPLE);

      for (const { child } of first) {
        child.kill('SIGKILL');
        await processExited(child);
      }
      // The outage's wait, passed: due now, and any claim of the dead servers ran out.
      const past = new Date(Date.now() - 1000).toISOString();
      await handle.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: past, lease_until: past })
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      await smtp.start();
      await start();

      await smtp.waitFor(PEOPLE, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.received).toHaveLength(PEOPLE);
      const recipients = smtp.received.map((m) =>
        m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : undefined,
      );
      expect(recipients.sort()).toEqual(people.map((p) => `${p}@example.org`).sort());
      const sent = await handle.db
        .selectFrom('mail_outbox')
        .select('status')
        .where('status', '=', 'sent')
        .execute();
      expect(sent).toHaveLength(PEOPLE);
      await handle.close();
    } finally {
      for (const { child } of servers.splice(0)) await stopServerProcess(child);
      await smtp.stop();
      await fixture.cleanup();
    }
  });
});
