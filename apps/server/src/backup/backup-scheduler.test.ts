/**
 * The daily backup inside the server: it fires at the planned instant, writes a backup, deletes the
 * oldest beyond BACKUP_KEEP (never other files), re-arms for the next day, logs no personal data,
 * and stops cleanly. Off when BACKUP_DIR is unset.
 */
import type { FastifyBaseLogger } from 'fastify';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import type { BackupSettings } from '../config/backup.js';
import { backupFileName } from './backup-plan.js';
import { startBackupScheduler, type BackupLogger } from './backup-scheduler.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function recordingLogger() {
  const lines: { level: string; object: object; message: string }[] = [];
  const logger: BackupLogger = {
    info: (object, message) => lines.push({ level: 'info', object, message }),
    error: (object, message) => lines.push({ level: 'error', object, message }),
  };
  return { logger, lines };
}

// The server's own logger is what start-up passes.
const _fastifyLoggerFits = (log: FastifyBaseLogger): BackupLogger => log;

describe('scheduled backups', () => {
  it('are off without BACKUP_DIR', () => {
    const settings: BackupSettings = {
      dataDir: '/nowhere',
      databaseUrl: undefined,
      backupDir: undefined,
      keep: 7,
      time: { hour: 3, minute: 30 },
      timeZone: 'America/Sao_Paulo',
    };
    expect(startBackupScheduler(settings, recordingLogger().logger)).toBeNull();
  });

  it('run at the planned time, keep BACKUP_KEEP files and plan the next day', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'centro-sched-data-'));
    const backupDir = await mkdtemp(path.join(tmpdir(), 'centro-sched-backups-'));
    dirs.push(dataDir, backupDir);
    await (await openDatabase({ dataDir })).close();
    const old = [1, 2, 3].map((d) => backupFileName(new Date(Date.UTC(2026, 10, d, 6, 30))));
    for (const name of [...old, 'leia-me.txt']) await writeFile(path.join(backupDir, name), 'x');

    // The clock reads 03:29:59.8 in São Paulo on 23 November 2026.
    const planned = new Date('2026-11-23T06:30:00Z');
    const offset = planned.getTime() - 200 - Date.now();
    const now = () => new Date(Date.now() + offset);
    const { logger, lines } = recordingLogger();
    const scheduler = startBackupScheduler(
      {
        dataDir,
        databaseUrl: undefined,
        backupDir,
        keep: 2,
        time: { hour: 3, minute: 30 },
        timeZone: 'America/Sao_Paulo',
      },
      logger,
      now,
    );
    expect(scheduler?.nextRunAt).toEqual(planned);

    const deadline = Date.now() + 20_000;
    while (!lines.some((l) => l.message === 'scheduled backup written') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const tomorrow = new Date('2026-11-24T06:30:00Z');
    while (scheduler?.nextRunAt?.getTime() !== tomorrow.getTime() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(scheduler?.nextRunAt).toEqual(tomorrow);
    await scheduler?.stop();

    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    const files = (await readdir(backupDir)).sort();
    const written = files.filter((f) => f.startsWith('centro-backup-2026-11-23T06-30'));
    expect(written).toHaveLength(1);
    // Two kept: the new one and the newest old one; other files untouched.
    expect(files).toEqual([old[2], written[0], 'leia-me.txt'].sort());
    const entry = lines.find((l) => l.message === 'scheduled backup written');
    expect(entry?.object).toMatchObject({ file: written[0], deleted: [old[1], old[0]] });
    expect(scheduler?.nextRunAt).toBeUndefined();
  }, 30_000);
});
