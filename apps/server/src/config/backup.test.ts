/** The backup settings: defaults, and every wrong variable named at once. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadBackupSettings as parseBackupEnv, loadConfig } from './index.js';

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
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['DATABASE_URL', 'BACKUP_KEEP', 'BACKUP_TIME ', 'BACKUP_TIME_ZONE']) {
      expect(problems).toContain(name);
    }
  });

  it("reach the server's configuration, every wrong variable named with the others", () => {
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_KEEP: '3' }).backup).toEqual({
      backupDir: '/srv/backups',
      keep: 3,
      time: { hour: 3, minute: 30 },
      timeZone: 'America/Sao_Paulo',
    });
    let error: unknown;
    try {
      loadConfig({ PORT: 'x', BACKUP_TIME: '9', SMTP_URL: 'smtp://h' });
    } catch (caught) {
      error = caught;
    }
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'BACKUP_TIME', 'MAIL_FROM']) expect(problems).toContain(name);
  });
});
