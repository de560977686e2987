/**
 * The real server for API tests: buildApp on a fixture web root and a real database (SQLite under
 * the fixture's DATA_DIR, or PostgreSQL when `databaseUrl` is given), the local directory (people
 * are rows of `accounts`), API tokens minted with the server's own key, and a switch to make the
 * directory fail on demand.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../src/app.js';
import { createApiTokens } from '../../src/auth/api-tokens.js';
import { loadConfig } from '../../src/config/index.js';
import type { DirectoryAdapter } from '../../src/directory/create-directory.js';
import type { Directory } from '../../src/directory/directory.js';
import { seedPeople } from './server-process.js';
import { createFixtureWebRoot, type FixtureWebRoot } from './web-root.js';

/** The key every test instance signs API tokens with (instances of one test share it). */
export const TEST_API_TOKEN_SECRET = 'chave-de-teste-dos-tokens-da-api-0123456789abcdef';

type Operation = Exclude<keyof Directory, never>;

/** Decides, per call, whether the directory fails (and with what). */
export type DirectoryFault = (operation: Operation) => Error | undefined;

export interface FaultSwitch {
  fault: DirectoryFault | undefined;
  /**
   * Holds a call until the promise it answers settles (before the fault and any work): a test
   * makes something happen while, say, a removal waits for the directory.
   */
  pause?: ((operation: Operation) => Promise<void> | undefined) | undefined;
}

/**
 * The adapter, held whenever `faults.pause` says so, then failing whenever `faults.fault` says so
 * (before doing any work).
 */
export function faultable(adapter: DirectoryAdapter, faults: FaultSwitch): DirectoryAdapter {
  const guard =
    <A extends unknown[], R>(operation: Operation, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const held = faults.pause?.(operation);
      if (held) await held;
      const error = faults.fault?.(operation);
      if (error) throw error;
      return fn(...args);
    };
  return {
    kind: adapter.kind,
    close: () => adapter.close(),
    check: () => adapter.check(),
    getUser: guard('getUser', (id) => adapter.getUser(id)),
    updateUser: guard('updateUser', (id, field, value) => adapter.updateUser(id, field, value)),
    setBirthDate: guard('setBirthDate', (id, date) => adapter.setBirthDate(id, date)),
    addToGroup: guard('addToGroup', (group, user) => adapter.addToGroup(group, user)),
    removeFromGroup: guard('removeFromGroup', (group, user) =>
      adapter.removeFromGroup(group, user),
    ),
    isMember: guard('isMember', (group, user) => adapter.isMember(group, user)),
    ping: guard('ping', () => adapter.ping()),
    findUsers: guard('findUsers', (text, limit) => adapter.findUsers(text, limit)),
  };
}

export interface TestApiOptions {
  databaseUrl?: string | undefined;
  /** Reuse a fixture (several instances on one DATA_DIR); a new one otherwise. */
  fixture?: FixtureWebRoot;
  env?: Record<string, string>;
  /** The notices' clock and check interval (decision 056). */
  notices?: BuildAppOptions['notices'];
  renderWindowMs?: BuildAppOptions['renderWindowMs'];
}

export interface TestApi {
  app: FastifyInstance;
  fixture: FixtureWebRoot;
  faults: FaultSwitch;
  /** Creates people in the local directory; returns their ids. */
  createPeople(count: number): Promise<string[]>;
  /** A valid API token bound to the person, who has just signed in. */
  tokenFor(userId: string): string;
  anonymousToken(): string;
  /** A token of the person that expired an hour ago. */
  expiredTokenFor(userId: string): string;
  /** A token of the person whose payload was altered after signing. */
  tamperedTokenFor(userId: string): string;
  close(): Promise<void>;
}

export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const ownFixture = options.fixture === undefined;
  const fixture = options.fixture ?? (await createFixtureWebRoot());
  const faults: FaultSwitch = { fault: undefined };
  const app = await buildApp(
    loadConfig({
      WEB_ROOT: fixture.webRoot,
      DATA_DIR: fixture.dataDir,
      LOG_LEVEL: 'silent',
      API_TOKEN_SECRET: TEST_API_TOKEN_SECRET,
      // Tests save fixed dates (2026's meetings): with the default 24 months, staff saves would be
      // refused as past retention from 2028 on. A test of retention sets its own period.
      RETENTION_MONTHS_AFTER_COURSE: '1200',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    }),
    {
      wrapDirectory: (adapter) => faultable(adapter, faults),
      ...(options.notices ? { notices: options.notices } : {}),
      ...(options.renderWindowMs === undefined ? {} : { renderWindowMs: options.renderWindowMs }),
    },
  );
  const expired = createApiTokens({
    secret: Buffer.from(TEST_API_TOKEN_SECRET),
    now: () => Date.now() - 2 * 3600_000,
  });

  return {
    app,
    fixture,
    faults,
    createPeople: (count) => seedPeople(app.database.db, count),
    // As get-token issues them after a sign-in just made (the provider's auth_time: now).
    tokenFor: (userId) =>
      app.apiTokens.issueForUser(userId, [], { authTime: Math.floor(Date.now() / 1000) }).token,
    anonymousToken: () => app.apiTokens.issueAnonymous().token,
    expiredTokenFor: (userId) => expired.issueForUser(userId).token,
    tamperedTokenFor(userId) {
      const [header, payload, signature] = app.apiTokens.issueForUser(userId).token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString(
        'base64url',
      );
      return `${header}.${forged}.${signature}`;
    },
    async close() {
      await app.close();
      if (ownFixture) await fixture.cleanup();
    },
  };
}
