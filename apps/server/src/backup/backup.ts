/**
 * Backup and restore. A backup is one dated `.tar.gz` (mode 0600: it holds the keys)
 * with `manifest.json` first (format, server version, creation time, the database's migrations,
 * every file with its size and sha256), the database (SQLite through its online backup API, a
 * consistent snapshot even while the server writes, in WAL mode; or a `pg_dump` custom-format
 * archive) and the files of DATA_DIR (idp-keys.json, api-token-secret, anything else the server
 * keeps there). Restore checks every checksum before it writes anything.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { assertNotNewer, knownMigrations } from '../db/schema-version.js';
import type { BackupSettings } from '../config/backup.js';
import {
  DATA_PREFIX,
  MANIFEST_NAME,
  POSTGRES_ENTRY,
  SQLITE_ENTRY,
  backupFileName,
  isSafeEntryName,
  manifestSchema,
  verifyManifest,
  type Manifest,
} from './backup-plan.js';
import { pgDump, pgRestore, postgresRelations, withPostgresClient } from './postgres-tools.js';
import { packTarGz, unpackTarGz, type TarEntry } from './tar.js';

/** The SQLite file under DATA_DIR (as in db/database.ts). */
export const SQLITE_FILE = 'centro.sqlite';

/** Files of DATA_DIR that are not copied as they are: the live database and temporary files. */
const isLiveDatabaseFile = (relative: string) =>
  /^centro\.sqlite(-wal|-shm|-journal)?$/.test(relative) || relative.endsWith('.tmp');

export class BackupError extends Error {
  override name = 'BackupError';
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function appVersion(): Promise<string> {
  // apps/server/package.json, the same two levels up from src/backup and dist/backup.
  const file = new URL('../../package.json', import.meta.url);
  const { version } = JSON.parse(await readFile(file, 'utf8')) as { version?: string };
  return version ?? 'unknown';
}

/** Regular files under `dir`, as paths relative to it with '/' separators. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** The migrations recorded in a SQLite file, and whether it passes SQLite's quick check. */
function inspectSqliteCopy(file: string): string[] {
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the copy of the database is damaged: ${check}`);
    const hasTable = copy
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasTable) return [];
    return (
      copy.prepare('select name from kysely_migration order by name').all() as {
        name: string;
      }[]
    ).map((row) => row.name);
  } finally {
    copy.close();
  }
}

/**
 * Copies the live SQLite database into `target` through the online backup API, in one step: one
 * read transaction, so the copy is the database at one instant and the server's writes meanwhile
 * (WAL mode) neither block it nor restart it.
 */
async function snapshotSqlite(source: string, target: string): Promise<void> {
  const live = new SQLite(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(target, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
}

export interface BackupResult {
  /** Absolute path of the backup written. */
  file: string;
  size: number;
  manifest: Manifest;
}

/** Writes one backup into `dir` (created when missing) and answers what it wrote. */
export async function createBackup(
  settings: Pick<BackupSettings, 'dataDir' | 'databaseUrl'>,
  dir: string,
  now: Date = new Date(),
): Promise<BackupResult> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(dir, '.centro-backup-'));
  try {
    let database: {
      entry: string;
      data: Buffer;
      dialect: 'sqlite' | 'postgres';
      migrations: string[];
    };
    if (settings.databaseUrl) {
      const dump = path.join(work, 'postgres.dump');
      await pgDump(settings.databaseUrl, dump);
      const migrations = await withPostgresClient(settings.databaseUrl, async (client) => {
        const tables = await postgresRelations(client);
        if (!tables.includes('kysely_migration')) return [];
        const { rows } = await client.query<{ name: string }>(
          'select name from kysely_migration order by name',
        );
        return rows.map((row) => row.name);
      });
      database = {
        entry: POSTGRES_ENTRY,
        data: await readFile(dump),
        dialect: 'postgres',
        migrations,
      };
    } else {
      const source = path.join(settings.dataDir, SQLITE_FILE);
      const exists = await stat(source).then(
        (info) => info.isFile(),
        () => false,
      );
      if (!exists) {
        throw new BackupError(
          `There is no database at ${source}: check DATA_DIR (or set DATABASE_URL for PostgreSQL).`,
        );
      }
      const copy = path.join(work, SQLITE_FILE);
      await snapshotSqlite(source, copy);
      const migrations = inspectSqliteCopy(copy);
      database = { entry: SQLITE_ENTRY, data: await readFile(copy), dialect: 'sqlite', migrations };
    }

    const entries: TarEntry[] = [{ name: database.entry, data: database.data, mtime: now }];
    // Backups written into DATA_DIR itself are not backed up again.
    const inside = path.relative(settings.dataDir, path.resolve(dir)).split(path.sep).join('/');
    const skipPrefix = inside && !inside.startsWith('..') ? `${inside}/` : undefined;
    for (const relative of await listFiles(settings.dataDir)) {
      if (isLiveDatabaseFile(relative)) continue;
      if (skipPrefix && `${relative}/`.startsWith(skipPrefix)) continue;
      const name = `${DATA_PREFIX}${relative}`;
      if (!isSafeEntryName(name)) {
        throw new BackupError(
          `${relative} in DATA_DIR has a name too long for a backup (99 bytes).`,
        );
      }
      entries.push({
        name,
        data: await readFile(path.join(settings.dataDir, relative)),
        mtime: now,
      });
    }

    const manifest: Manifest = {
      format: 'centro-backup',
      formatVersion: 1,
      appVersion: await appVersion(),
      createdAt: now.toISOString(),
      database: {
        dialect: database.dialect,
        entry: database.entry,
        migrations: database.migrations,
      },
      files: entries.map((entry) => ({
        name: entry.name,
        size: entry.data.length,
        sha256: sha256(entry.data),
      })),
    };
    const manifestEntry: TarEntry = {
      name: MANIFEST_NAME,
      data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
      mtime: now,
    };
    const archive = await packTarGz([manifestEntry, ...entries]);

    // Written aside, then renamed: a half-written file never looks like a backup.
    const file = path.join(dir, backupFileName(now));
    const partial = path.join(work, 'backup.partial');
    await writeFile(partial, archive, { mode: 0o600 });
    const taken = await stat(file).then(
      () => true,
      () => false,
    );
    if (taken) throw new BackupError(`${file} already exists.`);
    await rename(partial, file);
    return { file, size: archive.length, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface OpenedBackup {
  manifest: Manifest;
  entries: Map<string, Buffer>;
}

/** Reads a backup and checks it whole: manifest, every file present and its checksum. */
export async function readBackup(file: string): Promise<OpenedBackup> {
  let archive: Buffer;
  try {
    archive = await readFile(file);
  } catch (error) {
    throw new BackupError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
  let members: TarEntry[];
  try {
    members = await unpackTarGz(archive);
  } catch (error) {
    throw new BackupError(
      `${file} is not a readable backup: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  const entries = new Map(members.map((m) => [m.name, m.data]));
  const manifestData = entries.get(MANIFEST_NAME);
  if (!manifestData)
    throw new BackupError(`${file} has no ${MANIFEST_NAME}: not a backup of this program.`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestData.toString('utf8')));
  } catch {
    throw new BackupError(`${file}: its ${MANIFEST_NAME} is not one this version can read.`);
  }
  const sums = new Map(
    members.map((m) => [m.name, { sha256: sha256(m.data), size: m.data.length }]),
  );
  const problems = verifyManifest(manifest, sums);
  if (problems.length > 0) {
    throw new BackupError(
      `${file} is damaged or incomplete; nothing was restored:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return { manifest, entries };
}

export interface RestoreOptions {
  /** Replace what is in a non-empty DATA_DIR (or PostgreSQL database). */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Files written under DATA_DIR. */
  written: string[];
}

/**
 * Restores a backup into DATA_DIR (and, for a PostgreSQL backup, into the empty database of
 * DATABASE_URL). Refuses a non-empty target unless `force`.
 */
export async function restoreBackup(
  settings: Pick<BackupSettings, 'dataDir' | 'databaseUrl'>,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const { manifest, entries } = await readBackup(file);
  assertNotNewer(manifest.database.migrations, await knownMigrations(), 'This backup');

  const { dialect } = manifest.database;
  if (dialect === 'sqlite' && settings.databaseUrl) {
    throw new BackupError(
      'This backup holds a SQLite database but DATABASE_URL is set. Restore it without DATABASE_URL (into DATA_DIR), then move it with `npm run db:copy-to-postgres`.',
    );
  }
  if (dialect === 'postgres' && !settings.databaseUrl) {
    throw new BackupError(
      'This backup holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it into.',
    );
  }

  const existing = await readdir(settings.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  if (existing.length > 0 && !options.force) {
    throw new BackupError(
      `DATA_DIR=${settings.dataDir} is not empty (${existing.slice(0, 5).join(', ')}${existing.length > 5 ? ', …' : ''}). Restore into a new, empty directory; or stop the server and add --force to replace the database and key files there.`,
    );
  }

  if (dialect === 'postgres' && settings.databaseUrl) {
    const databaseUrl = settings.databaseUrl;
    const relations = await withPostgresClient(databaseUrl, postgresRelations);
    if (relations.length > 0 && !options.force) {
      throw new BackupError(
        `The PostgreSQL database of DATABASE_URL is not empty (${relations.slice(0, 5).join(', ')}${relations.length > 5 ? ', …' : ''}). Create an empty database and point DATABASE_URL to it; or stop every server and add --force to replace its tables.`,
      );
    }
    // mkdtemp makes it 0700: the dump holds personal data.
    const work = await mkdtemp(path.join(tmpdir(), 'centro-restore-'));
    try {
      const dump = path.join(work, 'postgres.dump');
      await writeFile(dump, entries.get(manifest.database.entry) ?? Buffer.alloc(0), {
        mode: 0o600,
      });
      await pgRestore(databaseUrl, dump, { clean: relations.length > 0 });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  await mkdir(settings.dataDir, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  const writeSecret = async (relative: string, data: Buffer) => {
    const target = path.join(settings.dataDir, relative);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // Written aside and renamed, so a replaced file is never half-written.
    const aside = `${target}.restore.tmp`;
    await writeFile(aside, data, { mode: 0o600 });
    await rename(aside, target);
    written.push(relative);
  };
  if (dialect === 'sqlite') {
    // A stale write-ahead log beside the restored file would be replayed onto it.
    for (const suffix of ['-wal', '-shm', '-journal']) {
      await rm(path.join(settings.dataDir, `${SQLITE_FILE}${suffix}`), { force: true });
    }
    await writeSecret(SQLITE_FILE, entries.get(manifest.database.entry) ?? Buffer.alloc(0));
  }
  for (const entry of manifest.files) {
    if (!entry.name.startsWith(DATA_PREFIX)) continue;
    await writeSecret(
      entry.name.slice(DATA_PREFIX.length),
      entries.get(entry.name) ?? Buffer.alloc(0),
    );
  }
  if (dialect === 'sqlite') inspectSqliteCopy(path.join(settings.dataDir, SQLITE_FILE));
  return { manifest, written };
}
