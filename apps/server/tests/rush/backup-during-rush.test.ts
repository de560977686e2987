/**
 * A backup taken DURING a rush of enrolments restores to a working site.
 *
 * A real server (buildApp, listening on 127.0.0.1, SQLite under its DATA_DIR, its API key and
 * provider keys generated there) signs a person up through the built-in provider, then takes waves
 * of concurrent `POST /api/group/add` while `backup-cli.js` (the built `npm run backup`, its own
 * process) copies the live database. The backup is restored into a new DATA_DIR and a server
 * started on it must hold every enrolment answered before the backup began, each course's `taken`
 * equal to its rows, and the provider's state: the person's refresh token still works, their
 * session signs them in silently, and an API token minted before still verifies.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { allCourses } from '@centro/content';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { BUILT_IN_API_SCOPE } from '@centro/contracts/identity';
import {
  checkEnrolmentInvariants,
  enrolmentKey,
  waitForNoPending,
  type EnrolmentKey,
} from '../support/enrolment-invariants.js';
import { IdpBrowser, formAction, pkce, type Pkce } from '../support/idp-browser.js';
import { seedPeople } from '../support/server-process.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../support/web-root.js';
import { restoreBackup } from '../../src/backup/backup.js';

const BACKUP_CLI = fileURLToPath(new URL('../../dist/backup/backup-cli.js', import.meta.url));
const SITE = 'http://localhost:3000';
const REDIRECT_URI = `${SITE}/`;
const WAVE = 40;
const PEOPLE = 1600;
/** At least this many waves, so the first course (80 places) fills up whatever the timing. */
const MIN_WAVES = 6;

const run = promisify(execFile);
if (!existsSync(BACKUP_CLI)) {
  console.warn(
    `${BACKUP_CLI} is missing (run npx tsc -b apps/server): the backup-during-rush test is skipped.`,
  );
}
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

function configFor(fixture: FixtureWebRoot, dataDir: string, extra: Record<string, string> = {}) {
  return loadConfig({
    WEB_ROOT: fixture.webRoot,
    DATA_DIR: dataDir,
    SITE_URL: SITE,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_API_PER_MINUTE: '0',
    RATE_LIMIT_IDP_PER_MINUTE: '0',
    ...extra,
  });
}

function authorizeUrl(challenge: Pkce, prompt: string): string {
  return `/idp/auth?${new URLSearchParams({
    client_id: 'centro-web',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: `User.ReadWrite.All ${BUILT_IN_API_SCOPE} openid profile`,
    code_challenge: challenge.challenge,
    code_challenge_method: 'S256',
    response_mode: 'fragment',
    state: 'estado',
    nonce: 'nonce',
    prompt,
  })}`;
}

const codeOf = (location: string) =>
  new URLSearchParams(new URL(location).hash.slice(1)).get('code') ?? '';

/** Signs a new person up as MSAL would; answers their tokens. */
async function signUp(app: FastifyInstance) {
  const browser = new IdpBrowser(app, SITE);
  const challenge = pkce();
  const start = await browser.get(authorizeUrl(challenge, 'create'));
  const page = await browser.get(String(start.headers.location));
  const created = await browser.post(String(formAction(page.body)), {
    nome: 'Pessoa de Teste',
    email: 'pessoa.teste@example.org',
    senha: 'uma senha longa',
    celular: '(11) 91234-5678',
    nascimento: '25/12/1990',
    consentimento: 'sim',
  });
  expect(created.statusCode).toBe(303);
  const resumed = await browser.get(String(created.headers.location));
  const exchanged = await browser.token({
    client_id: 'centro-web',
    grant_type: 'authorization_code',
    code: codeOf(String(resumed.headers.location)),
    redirect_uri: REDIRECT_URI,
    code_verifier: challenge.verifier,
    scope: 'User.ReadWrite.All openid profile',
  });
  expect(exchanged.statusCode).toBe(200);
  return { browser, tokens: exchanged.json() as { refresh_token: string; id_token: string } };
}

interface Answer {
  key: EnrolmentKey;
  status: number;
  /** Date.now() when the answer arrived. */
  at: number;
}

it.skipIf(!existsSync(BACKUP_CLI))(
  'restores, from a backup taken during a rush, every enrolment confirmed before it and the sign-in state',
  async () => {
    const fixture = await createFixtureWebRoot();
    cleanups.push(() => fixture.cleanup());
    const app = await buildApp(configFor(fixture, fixture.dataDir));
    cleanups.push(() => app.close());
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });

    const person = await signUp(app);
    // Places as the content gives them (the server synchronises them at every start).
    const courses = allCourses();
    const [first] = courses as [(typeof courses)[number]];
    const people = await seedPeople(app.database.db, PEOPLE);
    const apiTokenBefore = app.apiTokens.issueForUser(people[0] as string).token;

    const answers: Answer[] = [];
    const enrol = async (userId: string, course: (typeof courses)[number]) => {
      const res = await fetch(`${origin}/api/group/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          group: course.groupId,
          user: userId,
          token: app.apiTokens.issueForUser(userId).token,
        }),
      });
      await res.arrayBuffer();
      answers.push({ key: enrolmentKey(course.slug, userId), status: res.status, at: Date.now() });
    };

    // Waves of concurrent enrolments until the backup has finished (and MIN_WAVES have run).
    let backupDone = false;
    let next = 0;
    const rush = (async () => {
      while ((!backupDone || next < MIN_WAVES * WAVE) && next < people.length) {
        const wave = people.slice(next, next + WAVE);
        next += WAVE;
        await Promise.all(
          // Two courses each, so the first courses fill up and refuse during the rush.
          wave.flatMap((userId, i) => [
            enrol(userId, first),
            enrol(userId, courses[(next + i) % courses.length] as (typeof courses)[number]),
          ]),
        );
      }
    })();
    while (answers.length < 150) await new Promise((resolve) => setTimeout(resolve, 10));

    const backupDir = await mkdtemp(path.join(tmpdir(), 'centro-rush-backups-'));
    cleanups.push(() => rm(backupDir, { recursive: true, force: true }));
    const backupBegan = Date.now();
    const { stdout } = await run(process.execPath, [BACKUP_CLI, backupDir], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: fixture.dataDir },
    });
    const backupEnded = Date.now();
    backupDone = true;
    await rush;

    expect(stdout).toMatch(
      /^Backup written: .*centro-backup-.*\.tar\.gz \(\d+(\.\d)? (bytes|KB|MB)\)/,
    );
    const [file] = await readdir(backupDir);
    const confirmedBefore = answers.filter((a) => a.status === 200 && a.at < backupBegan);
    const duringBackup = answers.filter((a) => a.at >= backupBegan && a.at <= backupEnded);
    console.info(
      `[backup during rush] ${answers.length} enrolments answered, ${confirmedBefore.length} confirmed before the backup began, ${duringBackup.length} answered while it ran (${backupEnded - backupBegan} ms)`,
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(duringBackup.length).toBeGreaterThan(0);
    expect(confirmedBefore.length).toBeGreaterThan(100);
    // The first course filled up during the rush: refusals are part of it.
    expect(answers.some((a) => a.status === 409)).toBe(true);
    await app.close();

    // Restore into a new DATA_DIR and start a server on it.
    const restoredDir = path.join(await mkdtemp(path.join(tmpdir(), 'centro-restored-')), 'data');
    cleanups.push(() => rm(path.dirname(restoredDir), { recursive: true, force: true }));
    await restoreBackup(
      { dataDir: restoredDir, databaseUrl: undefined },
      path.join(backupDir, String(file)),
    );
    const restored = await buildApp(
      configFor(fixture, restoredDir, { ENROLMENT_REPAIR_AFTER_SECONDS: '0' }),
    );
    cleanups.push(() => restored.close());

    // Enrolments: every one confirmed before the backup began; counters equal to rows.
    expect(await waitForNoPending(restored.database.db, 15_000)).toBe(0);
    const { violations, summary } = await checkEnrolmentInvariants(restored.database.db, {
      accepted: confirmedBefore.map((a) => a.key),
      noPending: true,
    });
    expect(violations).toEqual([]);
    const full = summary.courses[first.slug];
    expect(full?.taken).toBe(full?.places);

    // The provider: the refresh token from before the backup still works...
    const browser = new IdpBrowser(restored, SITE);
    const refreshed = await browser.token({
      client_id: 'centro-web',
      grant_type: 'refresh_token',
      refresh_token: person.tokens.refresh_token,
      scope: `${BUILT_IN_API_SCOPE} openid profile`,
    });
    expect(refreshed.statusCode).toBe(200);
    const apiAccess = (refreshed.json() as { access_token: string }).access_token;
    // ...its access token is signed with the restored keys and accepted by the API...
    const exchanged = await restored.inject({
      url: '/api/auth/get-token',
      headers: { authorization: `Bearer ${apiAccess}` },
    });
    expect(exchanged.statusCode).toBe(200);
    // ...the session cookie (signed with the restored cookie keys) signs the person in silently...
    Object.assign(browser, { jar: person.browser.jar });
    const silent = await browser.get(authorizeUrl(pkce(), 'none'));
    expect(silent.statusCode).toBe(303);
    expect(String(silent.headers.location)).toMatch(/^http:\/\/localhost:3000\/#code=/);
    // ...and the API token minted before the backup verifies with the restored API key.
    const me = await restored.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: first.groupId, user: people[0], token: apiTokenBefore },
    });
    expect(me.statusCode).toBe(200);
  },
  120_000,
);
