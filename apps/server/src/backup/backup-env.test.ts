/** The backup settings: defaults, and every wrong variable named at once. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BackupEnvError, parseBackupEnv } from './backup-env.js';

describe('backup settings', () => {
  it('default to daily backups off, 7 kept, 03:30 in São Paulo', () => {
    expect(parseBackupEnv({})).toEqual({
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      backupDir: undefined,
      keep: 7,
      time: { hour: 3, minute: 30 },
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('read every variable', () => {
    expect(
      parseBackupEnv({
        DATA_DIR: '/srv/centro/data',
        DATABASE_URL: 'postgres://centro@db/centro',
        BACKUP_DIR: '/srv/backups',
        BACKUP_KEEP: '14',
        BACKUP_TIME: '4:05',
        BACKUP_TIME_ZONE: 'UTC',
      }),
    ).toEqual({
      dataDir: '/srv/centro/data',
      databaseUrl: 'postgres://centro@db/centro',
      backupDir: '/srv/backups',
      keep: 14,
      time: { hour: 4, minute: 5 },
      timeZone: 'UTC',
    });
  });

  it('name every wrong variable', () => {
    let error: unknown;
    try {
      parseBackupEnv({
        DATABASE_URL: 'mysql://x',
        BACKUP_KEEP: '0',
        BACKUP_TIME: '25:00',
        BACKUP_TIME_ZONE: 'Brasil/Centro',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BackupEnvError);
    const problems = (error as BackupEnvError).problems.join('\n');
    for (const name of ['DATABASE_URL', 'BACKUP_KEEP', 'BACKUP_TIME ', 'BACKUP_TIME_ZONE']) {
      expect(problems).toContain(name);
    }
  });
});
