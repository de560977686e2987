/**
 * The settings of backups, restore and the SQLite → PostgreSQL copy, as one zod part keyed by the
 * environment's names (DATA_DIR, DATABASE_URL, BACKUP_DIR, BACKUP_KEEP, BACKUP_TIME,
 * BACKUP_TIME_ZONE), so it can join the server's one configuration schema. The command-line tools
 * read `process.env` through `parseBackupEnv` only.
 */
import path from 'node:path';
import { z } from 'zod';

/** A variable's text, or undefined when it is unset or blank. */
const text = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const DEFAULT_BACKUP_KEEP = 7;
export const DEFAULT_BACKUP_TIME = '03:30';
export const DEFAULT_BACKUP_TIME_ZONE = 'America/Sao_Paulo';

/** The daily backup's variables, to join the server's configuration schema. */
export const backupScheduleEnvShape = {
  BACKUP_DIR: text.transform((value) => (value === undefined ? undefined : path.resolve(value))),
  BACKUP_KEEP: text.transform((value, ctx) => {
    if (value === undefined) return DEFAULT_BACKUP_KEEP;
    const n = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    if (!(n >= 1 && n <= 3650)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be how many daily backups to keep, a whole number from 1 to 3650 (got "${value}")`,
      });
      return z.NEVER;
    }
    return n;
  }),
  BACKUP_TIME: text.transform((value, ctx) => {
    const time = value ?? DEFAULT_BACKUP_TIME;
    const match = /^(\d{1,2}):(\d{2})$/.exec(time);
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
      ctx.addIssue({
        code: 'custom',
        message: `must be the time of the daily backup as HH:MM, 24-hour clock (got "${time}")`,
      });
      return z.NEVER;
    }
    return { hour: Number(match[1]), minute: Number(match[2]) };
  }),
  BACKUP_TIME_ZONE: text.transform((value, ctx) => {
    const zone = value ?? DEFAULT_BACKUP_TIME_ZONE;
    if (!isTimeZone(zone)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be an IANA time zone such as America/Sao_Paulo (got "${zone}")`,
      });
      return z.NEVER;
    }
    return zone;
  }),
};

/** Everything the command-line tools read: where the data is, and the schedule's variables. */
export const backupEnvSchema = z.object({
  DATA_DIR: text.transform((value) => path.resolve(value ?? 'data')),
  DATABASE_URL: text.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    'must be a PostgreSQL connection string (postgres://user@host:5432/database)',
  ),
  ...backupScheduleEnvShape,
});

export interface BackupSettings {
  /** DATA_DIR, absolute. */
  dataDir: string;
  /** DATABASE_URL; undefined means the SQLite file under dataDir. */
  databaseUrl: string | undefined;
  /** BACKUP_DIR, absolute; undefined means no scheduled backups. */
  backupDir: string | undefined;
  /** BACKUP_KEEP: how many scheduled backups stay in backupDir. */
  keep: number;
  /** BACKUP_TIME: wall-clock time of the daily backup in `timeZone`. */
  time: { hour: number; minute: number };
  /** BACKUP_TIME_ZONE. */
  timeZone: string;
}

/** The BACKUP_* variables alone, as a zod object of their own. */
export const backupScheduleEnvSchema = z.object(backupScheduleEnvShape);
export type BackupSchedule = Pick<BackupSettings, 'backupDir' | 'keep' | 'time' | 'timeZone'>;

/** The schedule part of the settings, from the parsed BACKUP_* variables. */
export const toBackupSchedule = (v: z.infer<typeof backupScheduleEnvSchema>): BackupSchedule => ({
  backupDir: v.BACKUP_DIR,
  keep: v.BACKUP_KEEP,
  time: v.BACKUP_TIME,
  timeZone: v.BACKUP_TIME_ZONE,
});

export const toBackupSettings = (v: z.infer<typeof backupEnvSchema>): BackupSettings => ({
  dataDir: v.DATA_DIR,
  databaseUrl: v.DATABASE_URL,
  ...toBackupSchedule(v),
});

export class BackupEnvError extends Error {
  override name = 'BackupEnvError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the settings; throws a BackupEnvError naming every wrong variable. */
export function parseBackupEnv(env: Record<string, string | undefined>): BackupSettings {
  const result = backupEnvSchema.safeParse(env);
  if (!result.success) {
    throw new BackupEnvError(
      result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    );
  }
  return toBackupSettings(result.data);
}
