/**
 * GET /readyz: whether this instance can serve the API, for the load balancer or orchestrator.
 * The database answers a trivial query and the directory's `ping()` resolves, each within a short
 * timeout; 200 `{status: 'ok'}` then, else 503 `{status: 'unavailable', checks: {database,
 * directory}}`. No detail of a failure is answered (it is logged at warn). /healthz stays liveness.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { Directory } from '../../directory/directory.js';

export type CheckResult = 'ok' | 'unavailable' | 'timeout';

export interface ReadinessOptions {
  database: Pick<DatabaseHandle, 'db'>;
  directory: Pick<Directory, 'ping'>;
  /** Longest wait for each check (default 2 s). */
  timeoutMs?: number;
}

export const DEFAULT_READINESS_TIMEOUT_MS = 2000;

class CheckTimeout extends Error {
  override name = 'CheckTimeout';
}

/** Runs a check with a timeout; never rejects. */
async function check(
  run: () => Promise<unknown>,
  timeoutMs: number,
): Promise<{ result: CheckResult; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([Promise.resolve().then(run), timeout]);
    return { result: 'ok' };
  } catch (error) {
    return { result: error instanceof CheckTimeout ? 'timeout' : 'unavailable', error };
  } finally {
    clearTimeout(timer);
  }
}

const checkResult = { type: 'string', enum: ['ok', 'unavailable', 'timeout'] } as const;

export const readiness: FastifyPluginAsync<ReadinessOptions> = async (app, options) => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS;
  const { db } = options.database;
  // Probes come every few seconds: their requests are not logged at info (but at warn, a failure
  // is); a quieter server (error, fatal, silent) stays as quiet.
  const quiet = (['error', 'fatal', 'silent'] as const).find((level) => level === app.log.level);
  const logLevel = quiet ?? 'warn';

  app.get(
    '/readyz',
    {
      logLevel,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string', const: 'ok' } },
            required: ['status'],
          },
          503: {
            type: 'object',
            properties: {
              status: { type: 'string', const: 'unavailable' },
              checks: {
                type: 'object',
                properties: { database: checkResult, directory: checkResult },
                required: ['database', 'directory'],
              },
            },
            required: ['status', 'checks'],
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const [database, directory] = await Promise.all([
        check(() => sql`select 1 as ok`.execute(db), timeoutMs),
        check(() => options.directory.ping(), timeoutMs),
      ]);
      if (database.result === 'ok' && directory.result === 'ok') return { status: 'ok' as const };
      request.log.warn(
        {
          database: database.result,
          directory: directory.result,
          err: database.error ?? directory.error,
        },
        'not ready',
      );
      reply.code(503);
      return {
        status: 'unavailable' as const,
        checks: { database: database.result, directory: directory.result },
      };
    },
  );
};
