/** The pure part of backups: names, retention, the next daily run, the manifest's checks. */
import { describe, expect, it } from 'vitest';
import {
  backupDateOf,
  backupFileName,
  backupsToDelete,
  isSafeEntryName,
  nextBackupAt,
  verifyManifest,
  type Manifest,
} from './backup-plan.js';

describe('backup file names', () => {
  it('name a backup by its UTC instant, to the second, and read it back', () => {
    const at = new Date('2026-11-23T21:30:00.456Z');
    expect(backupFileName(at)).toBe('centro-backup-2026-11-23T21-30-00Z.tar.gz');
    expect(backupDateOf(backupFileName(at))).toEqual(new Date('2026-11-23T21:30:00Z'));
  });

  it('do not recognise other files', () => {
    for (const name of [
      'notes.txt',
      'centro-backup-2026-11-23T21-30-00Z.tar.gz.partial',
      'centro-backup-2026-13-23T21-30-00Z.tar.gz'.replace('13', 'xx'),
      '.centro-backup-abc',
    ]) {
      expect(backupDateOf(name)).toBeUndefined();
    }
  });
});

describe('retention', () => {
  const day = (d: number) => backupFileName(new Date(Date.UTC(2026, 10, d, 6, 30)));

  it('keeps the newest, whatever the order of the listing, and never touches other files', () => {
    const names = [day(3), 'leia-me.txt', day(1), day(5), day(2), day(4), '.centro-backup-x'];
    expect(backupsToDelete(names, 3).sort()).toEqual([day(1), day(2)].sort());
    expect(backupsToDelete(names, 7)).toEqual([]);
  });
});

describe('the next daily backup', () => {
  const at330 = { hour: 3, minute: 30 };

  it('is today at 03:30 in São Paulo (06:30 UTC) when that is still ahead', () => {
    expect(nextBackupAt(new Date('2026-11-23T05:00:00Z'), at330, 'America/Sao_Paulo')).toEqual(
      new Date('2026-11-23T06:30:00Z'),
    );
  });

  it('is tomorrow once that moment has passed, or is now', () => {
    expect(nextBackupAt(new Date('2026-11-23T06:30:00Z'), at330, 'America/Sao_Paulo')).toEqual(
      new Date('2026-11-24T06:30:00Z'),
    );
    expect(nextBackupAt(new Date('2026-11-23T21:30:00Z'), at330, 'America/Sao_Paulo')).toEqual(
      new Date('2026-11-24T06:30:00Z'),
    );
  });

  it('follows the local date across midnight UTC and month ends', () => {
    // 01:00 UTC on Dec 1 is still Nov 30, 22:00, in São Paulo.
    expect(
      nextBackupAt(new Date('2026-12-01T01:00:00Z'), { hour: 23, minute: 0 }, 'America/Sao_Paulo'),
    ).toEqual(new Date('2026-12-01T02:00:00Z'));
  });

  it('honours daylight saving time where the zone has it', () => {
    // Berlin: UTC+1 in winter, UTC+2 in summer.
    expect(nextBackupAt(new Date('2026-01-10T12:00:00Z'), at330, 'Europe/Berlin')).toEqual(
      new Date('2026-01-11T02:30:00Z'),
    );
    expect(nextBackupAt(new Date('2026-07-10T12:00:00Z'), at330, 'Europe/Berlin')).toEqual(
      new Date('2026-07-11T01:30:00Z'),
    );
  });

  it('runs at the hour after a time the clock skips, and once on the day it repeats', () => {
    // Berlin, 29 March 2026: 02:00 becomes 03:00, so 02:30 does not exist; it runs at 03:30 CEST.
    const at230 = { hour: 2, minute: 30 };
    expect(nextBackupAt(new Date('2026-03-28T12:00:00Z'), at230, 'Europe/Berlin')).toEqual(
      new Date('2026-03-29T01:30:00Z'),
    );
    // 25 October 2026: 03:00 becomes 02:00, so 02:30 comes twice; it runs once, at the second.
    expect(nextBackupAt(new Date('2026-10-24T12:00:00Z'), at230, 'Europe/Berlin')).toEqual(
      new Date('2026-10-25T01:30:00Z'),
    );
  });

  it('works in UTC', () => {
    expect(nextBackupAt(new Date('2026-11-23T03:29:59Z'), at330, 'UTC')).toEqual(
      new Date('2026-11-23T03:30:00Z'),
    );
  });
});

describe('the manifest', () => {
  const sum = 'a'.repeat(64);
  const manifest: Manifest = {
    format: 'centro-backup',
    formatVersion: 1,
    appVersion: '0.1.0',
    createdAt: '2026-11-23T21:30:00.000Z',
    database: { dialect: 'sqlite', entry: 'database/centro.sqlite', migrations: ['001-initial'] },
    files: [
      { name: 'database/centro.sqlite', size: 10, sha256: sum },
      { name: 'data/idp-keys.json', size: 5, sha256: sum },
    ],
  };
  const members = () =>
    new Map([
      ['manifest.json', { size: 1, sha256: 'b'.repeat(64) }],
      ['database/centro.sqlite', { size: 10, sha256: sum }],
      ['data/idp-keys.json', { size: 5, sha256: sum }],
    ]);

  it('accepts a whole backup', () => {
    expect(verifyManifest(manifest, members())).toEqual([]);
  });

  it('names a missing, damaged or unlisted file', () => {
    const broken = members();
    broken.delete('data/idp-keys.json');
    broken.set('database/centro.sqlite', { size: 10, sha256: 'c'.repeat(64) });
    broken.set('data/extra', { size: 1, sha256: sum });
    expect(verifyManifest(manifest, broken)).toEqual([
      'database/centro.sqlite is damaged (its checksum does not match the manifest)',
      'data/idp-keys.json is missing',
      'data/extra is not listed in the manifest',
    ]);
  });

  it('accepts only relative names without ..', () => {
    expect(isSafeEntryName('data/outbox/a.eml')).toBe(true);
    for (const name of ['', '/etc/passwd', 'data/../../x', './x', 'a//b', 'a\\b']) {
      expect(isSafeEntryName(name)).toBe(false);
    }
  });
});
