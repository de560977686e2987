/**
 * The backups' part of the environment: the server's daily backup (BACKUP_DIR, BACKUP_KEEP,
 * BACKUP_TIME, BACKUP_TIME_ZONE). The command-line tools (backup, restore, copy to PostgreSQL)
 * read these with DATA_DIR and DATABASE_URL through `loadBackupSettings` (index.ts), the same parts.
 */
import { MEETING_TIME_ZONE } from '@centro/content';
import { clockTime, file, integerRange, timeZone } from './parsers.js';

export const DEFAULT_BACKUP_KEEP = 7;
export const DEFAULT_BACKUP_TIME = '03:30';
/** The centre's own clock, the one its meetings are given in. */
export const DEFAULT_BACKUP_TIME_ZONE = MEETING_TIME_ZONE;

export const backupEnv = {
  /** Absolute; undefined: no daily backup. */
  BACKUP_DIR: file,
  BACKUP_KEEP: integerRange(
    DEFAULT_BACKUP_KEEP,
    1,
    3650,
    'how many daily backups to keep, a whole number',
  ),
  BACKUP_TIME: clockTime(DEFAULT_BACKUP_TIME, 'the time of the daily backup'),
  BACKUP_TIME_ZONE: timeZone(DEFAULT_BACKUP_TIME_ZONE),
};

/** The daily backup's schedule. */
export interface BackupSchedule {
  /** BACKUP_DIR, absolute; undefined means no scheduled backups. */
  backupDir: string | undefined;
  /** BACKUP_KEEP: how many scheduled backups stay in backupDir. */
  keep: number;
  /** BACKUP_TIME: wall-clock time of the daily backup in `timeZone`. */
  time: { hour: number; minute: number };
  /** BACKUP_TIME_ZONE. */
  timeZone: string;
}

/** What backups, restore and the copy need: where the data is, and the schedule. */
export interface BackupSettings extends BackupSchedule {
  /** DATA_DIR, absolute. */
  dataDir: string;
  /** DATABASE_URL; undefined means the SQLite file under dataDir. */
  databaseUrl: string | undefined;
}

export const resolveBackupSchedule = (v: {
  BACKUP_DIR: string | undefined;
  BACKUP_KEEP: number;
  BACKUP_TIME: { hour: number; minute: number };
  BACKUP_TIME_ZONE: string;
}): BackupSchedule => ({
  backupDir: v.BACKUP_DIR,
  keep: v.BACKUP_KEEP,
  time: v.BACKUP_TIME,
  timeZone: v.BACKUP_TIME_ZONE,
});
