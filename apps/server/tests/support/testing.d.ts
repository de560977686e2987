/** Types of testing.js (`@centro/server/testing`). */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

export declare const SERVER_MAIN: string;

export declare function freePort(): Promise<number>;

export interface StartedServer {
  url: string;
  dataDir: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export declare function startServer(
  env?: Record<string, string>,
  options?: { nodeArgs?: string[]; timeoutMs?: number },
): Promise<StartedServer>;

export declare function seedPeople(
  db: Kysely<Database>,
  countOrIds: number | readonly string[],
): Promise<string[]>;
