/**
 * The enrolment's upkeep: interrupted enrolments, removals and promotions repaired at start-up,
 * then periodically (for rows left by a crash of another instance, or by a release that failed),
 * and the retention job (at start-up and daily). Started by the enrolment's plugin before the
 * server listens, stopped when it closes.
 */
import type { DatabaseHandle } from '../db/database.js';
import type { Directory } from '../directory/directory.js';
import type { Log } from '../logging.js';
import { startRetention } from './retention.js';
import type { EnrolmentService } from './service.js';

export interface EnrolmentUpkeepOptions {
  service: Pick<EnrolmentService, 'repairPendingEnrolments'>;
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  directory: Directory;
  log: Log;
  /**
   * Age (ms) after which a 'pending' row is repaired: longer than any enrolment request can take
   * (the directory's retry budget), so a request still in flight on another instance is never
   * repaired under its feet. Also the period of the repair.
   */
  repairAfterMs: number;
  /** RETENTION_MONTHS_AFTER_COURSE: anonymise ended courses at start-up and daily (none: off). */
  retentionMonths?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export interface EnrolmentUpkeep {
  /** Repairs now, then keeps repairing and anonymising on their periods. */
  start(): Promise<void>;
  stop(): void;
}

export function createEnrolmentUpkeep(options: EnrolmentUpkeepOptions): EnrolmentUpkeep {
  const { service, log, repairAfterMs } = options;
  let running = false;
  const repair = async () => {
    if (running) return;
    running = true;
    try {
      await service.repairPendingEnrolments(repairAfterMs);
    } catch (error) {
      // The database or the directory is down: the next run tries again; serving goes on.
      log.warn({ err: error }, 'could not repair interrupted enrolments');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  let retention: { stop(): void } | undefined;
  return {
    async start() {
      await repair();
      // 0 (tests, a single instance) repairs every pending row at start; the period stays >= 1 s.
      timer = setInterval(() => void repair(), Math.max(repairAfterMs, 1000));
      timer.unref();
      retention =
        options.retentionMonths === undefined
          ? undefined
          : startRetention({
              database: options.database,
              directory: options.directory,
              months: options.retentionMonths,
              log,
              ...(options.now ? { now: options.now } : {}),
            });
    },
    stop() {
      clearInterval(timer);
      retention?.stop();
    },
  };
}
