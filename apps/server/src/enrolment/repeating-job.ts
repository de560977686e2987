/**
 * A job that runs at start and then every `intervalMs` in each instance (the opening alerts, the
 * class reminders): never two runs at once in one instance, a failure logged with its code only
 * (no personal data) and retried at the next turn, and `stop` waits for a run under way. Running
 * once across instances is each job's own business (a conditional write in its transaction).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface RepeatingJob {
  start(): void;
  stop(): Promise<void>;
}

export function repeatingJob(
  name: string,
  run: () => Promise<unknown>,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): RepeatingJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const turn = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        log.warn({ ...(typeof code === 'string' ? { code } : {}) }, `${name}: will retry`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      if (timer) return;
      turn();
      timer = setInterval(turn, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
