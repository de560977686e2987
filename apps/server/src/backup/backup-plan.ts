/**
 * The pure part of backups: the dated file names, which old files the retention removes, when the
 * next daily backup runs (a wall-clock time in a time zone), and the manifest every backup carries
 * (what it holds, with checksums) and how it is checked. No I/O here; backup.ts does the work.
 */
import { addDays, wallClockAt, zonedInstant } from '@centro/content';
import { z } from 'zod';

export const BACKUP_PREFIX = 'centro-backup-';
export const BACKUP_SUFFIX = '.tar.gz';
export const MANIFEST_NAME = 'manifest.json';
/** The database inside a backup: the SQLite file, or a pg_dump custom-format archive. */
export const SQLITE_ENTRY = 'database/centro.sqlite';
export const POSTGRES_ENTRY = 'database/postgres.dump';
/** Files of DATA_DIR are stored under this prefix. */
export const DATA_PREFIX = 'data/';

const NAME_PATTERN = /^centro-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/** `centro-backup-2026-11-23T21-30-00Z.tar.gz` for that instant (UTC, to the second). */
export function backupFileName(at: Date): string {
  const iso = at.toISOString().slice(0, 19).replaceAll(':', '-');
  return `${BACKUP_PREFIX}${iso}Z${BACKUP_SUFFIX}`;
}

/** The instant in a backup's file name, or undefined when the name is not one of ours. */
export function backupDateOf(name: string): Date | undefined {
  const m = NAME_PATTERN.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, ...number[]];
  const at = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * The backups to delete so that the newest `keep` remain. Only names this program writes are
 * considered: anything else in the directory is never touched.
 */
export function backupsToDelete(names: readonly string[], keep: number): string[] {
  const ours = names
    .map((name) => ({ name, at: backupDateOf(name) }))
    .filter((entry): entry is { name: string; at: Date } => entry.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  return ours.slice(Math.max(0, keep)).map((entry) => entry.name);
}

/** The first instant after `now` when the clock of `timeZone` shows `time` (the daily backup). */
export function nextBackupAt(
  now: Date,
  time: { hour: number; minute: number },
  timeZone: string,
): Date {
  const { year, month, day } = wallClockAt(now, timeZone);
  const clock = `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
  for (let days = 0; days < 3; days++) {
    const candidate = zonedInstant(addDays(`${year}-${month}-${day}`, days), clock, timeZone);
    if (candidate.getTime() > now.getTime()) return candidate;
  }
  // Unreachable: within three days the time comes round.
  return new Date(now.getTime() + 24 * 3600_000);
}

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal('centro-backup'),
  formatVersion: z.literal(1),
  /** Version of the server that wrote it (apps/server/package.json). */
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    entry: z.string(),
    /** Names of the migrations applied to the database, in order. */
    migrations: z.array(z.string()),
  }),
  files: z.array(
    z.object({
      name: z.string(),
      size: z.number().int().nonnegative(),
      sha256: sha256Hex,
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A member's name is safe to write under a directory: relative, no `..`, no odd characters. */
export function isSafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 99 || name.startsWith('/') || name.includes('\\')) {
    return false;
  }
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * What is wrong between a manifest and the archive's members (name → sha256 and size), as
 * sentences; empty when every listed file is there, whole and unaltered, and nothing else is.
 */
export function verifyManifest(
  manifest: Manifest,
  members: ReadonlyMap<string, { sha256: string; size: number }>,
): string[] {
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const file of manifest.files) {
    listed.add(file.name);
    if (!isSafeEntryName(file.name)) problems.push(`${file.name}: not a safe file name`);
    const member = members.get(file.name);
    if (!member) problems.push(`${file.name} is missing`);
    else if (member.size !== file.size || member.sha256 !== file.sha256) {
      problems.push(`${file.name} is damaged (its checksum does not match the manifest)`);
    }
  }
  for (const name of members.keys()) {
    if (name !== MANIFEST_NAME && !listed.has(name)) {
      problems.push(`${name} is not listed in the manifest`);
    }
  }
  if (!listed.has(manifest.database.entry)) {
    problems.push(`the database (${manifest.database.entry}) is not in the backup`);
  }
  return problems;
}
