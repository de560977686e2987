/**
 * The daily backup inside the server: with BACKUP_DIR set, one backup a day at BACKUP_TIME in
 * BACKUP_TIME_ZONE, then the oldest are deleted so that BACKUP_KEEP remain. One timer at a time,
 * re-armed after each run (never two runs at once); a failed backup is logged and tried again the
 * next day. With several instances on one PostgreSQL, enable it on one of them only.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BackupSettings } from '../config/backup.js';
import { backupsToDelete, nextBackupAt } from './backup-plan.js';
import { createBackup } from './backup.js';

/** The part of pino's (and Fastify's) logger this module uses. */
export interface BackupLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BackupScheduler {
  /** When the next backup runs (undefined once stopped). */
  readonly nextRunAt: Date | undefined;
  /** Cancels the timer and waits for a backup in progress to finish. */
  stop(): Promise<void>;
}

// setTimeout's longest delay is 2^31-1 ms (24.8 days); a day is far below it.
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Runs one scheduled backup and the retention; answers the files deleted. */
export async function runScheduledBackup(
  settings: BackupSettings,
  dir: string,
  logger: BackupLogger,
  now = new Date(),
): Promise<void> {
  const started = Date.now();
  const result = await createBackup(settings, dir, now);
  const deleted = backupsToDelete(await readdir(dir), settings.keep);
  for (const name of deleted) await rm(path.join(dir, name), { force: true });
  logger.info(
    {
      file: path.basename(result.file),
      bytes: result.size,
      ms: Date.now() - started,
      deleted,
    },
    'scheduled backup written',
  );
}

/**
 * Starts the daily backups when `settings.backupDir` is set; answers null otherwise. `now` is for
 * tests.
 */
export function startBackupScheduler(
  settings: BackupSettings,
  logger: BackupLogger,
  now: () => Date = () => new Date(),
): BackupScheduler | null {
  const dir = settings.backupDir;
  if (!dir) return null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let next: Date | undefined;
  let stopped = false;

  const arm = () => {
    if (stopped) return;
    next = nextBackupAt(now(), settings.time, settings.timeZone);
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, next.getTime() - now().getTime()));
    timer = setTimeout(fire, delay);
    timer.unref();
  };
  const fire = () => {
    // A timer that woke early (clock changes) waits again for the planned instant.
    if (next && now().getTime() < next.getTime() - 1000) {
      timer = setTimeout(fire, next.getTime() - now().getTime());
      timer.unref();
      return;
    }
    running = runScheduledBackup(settings, dir, logger, now())
      .catch((error: unknown) => {
        logger.error(
          { err: error instanceof Error ? { message: error.message } : { message: String(error) } },
          'scheduled backup failed',
        );
      })
      .finally(() => {
        running = undefined;
        arm();
      });
  };

  arm();
  logger.info({ dir, next, keep: settings.keep }, 'daily backups scheduled');
  return {
    get nextRunAt() {
      return stopped ? undefined : next;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
