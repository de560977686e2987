/**
 * GET /readyz: whether this instance can serve the API, for the load balancer or orchestrator.
 * The database answers a trivial query and the directory's `ping()` resolves, each within a short
 * timeout; 200 `{status: 'ok'}` then, else 503 `{status: 'unavailable', checks: {database,
 * directory}}`. No detail of a failure is answered (it is logged at warn). /healthz stays liveness.
 */
import { notReadySchema, readySchema, type CheckResult } from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

export interface ReadinessOptions {
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

/** The database and the directory come from the app's decorators (app.ts). */
export const readiness: FastifyPluginAsyncZod<ReadinessOptions> = async (app, options) => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS;
  // Probes come every few seconds: their requests are not logged at info (but at warn, a failure
  // is); a quieter server (error, fatal, silent) stays as quiet.
  const quiet = (['error', 'fatal', 'silent'] as const).find((level) => level === app.log.level);
  const logLevel = quiet ?? 'warn';

  app.get(
    '/readyz',
    {
      logLevel,
      schema: { response: { 200: readySchema, 503: notReadySchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const [database, directory] = await Promise.all([
        check(() => sql`select 1 as ok`.execute(app.database.db), timeoutMs),
        check(() => app.directory.ping(), timeoutMs),
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
