/**
 * The servers a rush test sends its crowd to: SQLite with one instance, and PostgreSQL (in a
 * database of the test file's own, when the server is reachable) with two instances sharing it,
 * every instance listening on 127.0.0.1, and a request numbered `i` sent to instance
 * `i % instances`, so that concurrent requests meet in the one database from both.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { createTestApi, type TestApi } from './api-app.js';
import { createPostgresTestDatabase } from './postgres.js';

export interface RushTarget {
  dialect: string;
  /** DATABASE_URL of the instances (undefined: SQLite under the first instance's DATA_DIR). */
  databaseUrl: string | undefined;
  instances: number;
}

/** Targets for `describe.each`, and `drop` (for `afterAll`) of the PostgreSQL database. */
export async function rushTargets(
  label: string,
): Promise<{ targets: RushTarget[]; drop(): Promise<void> }> {
  const pgDatabase = await createPostgresTestDatabase(label);
  return {
    targets: [
      { dialect: 'sqlite', databaseUrl: undefined, instances: 1 },
      ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url, instances: 2 }] : []),
    ],
    drop: async () => {
      await pgDatabase?.drop();
    },
  };
}

export interface RushServers {
  /** The instances, the first one first. */
  readonly apis: TestApi[];
  /** Starts the instances (the others on the first one's web root) and has each listen. */
  start(): Promise<void>;
  /** Closes the instances, the last started first. */
  close(): Promise<void>;
  /** The first instance. */
  main(): TestApi;
  /** The first instance's database. */
  db(): Kysely<Database>;
  /** The origin request `i` goes to. */
  origin(i: number): string;
  /** A JSON POST, as request `i`, with a bearer token when given; its status and JSON body. */
  post<Body>(
    i: number,
    path: string,
    body: object,
    bearer?: string,
  ): Promise<{ status: number; body: Body }>;
}

/** The instances of one target, to `start` in the suite's `beforeAll` and `close` in its `afterAll`. */
export function rushServers(
  target: RushTarget,
  options: { env?: Record<string, string> } = {},
): RushServers {
  const apis: TestApi[] = [];
  const origins: string[] = [];
  const env = options.env === undefined ? {} : { env: options.env };
  const main = () => apis[0] as TestApi;
  const origin = (i: number) => origins[i % origins.length] as string;
  return {
    apis,
    async start() {
      const first = await createTestApi({ databaseUrl: target.databaseUrl, ...env });
      apis.push(first);
      for (let i = 1; i < target.instances; i++) {
        apis.push(
          await createTestApi({ databaseUrl: target.databaseUrl, fixture: first.fixture, ...env }),
        );
      }
      for (const api of apis) origins.push(await api.app.listen({ host: '127.0.0.1', port: 0 }));
    },
    async close() {
      for (const api of apis.reverse()) await api.close();
    },
    main,
    db: () => main().app.database.db,
    origin,
    async post<Body>(i: number, path: string, body: object, bearer?: string) {
      const res = await fetch(`${origin(i)}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Body };
    },
  };
}
