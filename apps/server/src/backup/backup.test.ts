/**
 * Backup and restore on real databases: a SQLite DATA_DIR (database, keys, an outbox file) and a
 * PostgreSQL database through pg_dump/pg_restore. What is restored equals what was saved, the
 * content edited in the staff area too (its documents' revisions and the photos' files); a
 * non-empty target, a damaged file and a backup newer than the program are refused before anything
 * is written.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { DatabaseNewerError } from '../db/schema-version.js';
import { createPostgresTestDatabase } from '../../tests/support/postgres.js';
import { seedPeople } from '../../tests/support/server-process.js';
import { MANIFEST_NAME, SQLITE_ENTRY } from './backup-plan.js';
import { BackupError, createBackup, readBackup, restoreBackup } from './backup.js';
import { packTarGz, unpackTarGz } from './tar.js';
import sharp from 'sharp';
import { preparePhoto } from '../content/photos-images.js';
import { photoStore } from '../content/photos-store.js';
import { contentStore } from '../content/store.js';
import { createClassStore } from '../classes/class-store.js';
import { firstClassOf } from '../../tests/support/classes.js';

const dirs: string[] = [];
const temporary = async (label: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), `centro-${label}-`));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const KEYS = '{"version":1,"signingKeys":[],"cookieKeys":[]}\n';
const SECRET = 'segredo-de-teste-0123456789-0123456789-abcdef\n';

/** A DATA_DIR as the server leaves it, with `people` accounts and one course holding them. */
async function seededDataDir(databaseUrl?: string) {
  const dataDir = await temporary('data');
  const handle = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  const people = await seedPeople(handle.db, 5);
  await handle.db
    .insertInto('courses')
    .values({ slug: 'curso', group_id: 'grupo', places: 10 })
    .execute();
  await createClassStore(handle.db).syncWithCourses(new Date());
  const classId = await firstClassOf(handle.db, 'curso');
  const now = new Date().toISOString();
  await handle.db
    .insertInto('enrolments')
    .values(
      people.map((user_id) => ({
        course_slug: 'curso',
        class_id: classId,
        user_id,
        status: 'confirmed' as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await saveEditedContent(handle.db);
  await handle.close();
  await writeFile(path.join(dataDir, 'idp-keys.json'), KEYS, { mode: 0o600 });
  await writeFile(path.join(dataDir, 'api-token-secret'), SECRET, { mode: 0o600 });
  await mkdir(path.join(dataDir, 'outbox'));
  await writeFile(path.join(dataDir, 'outbox', 'a.eml'), 'Subject: oi\n\n');
  return { dataDir, people };
}

/** Content edited in the staff area: two revisions of the notices and a photo in its place. */
async function saveEditedContent(db: Parameters<typeof contentStore>[0]['db']) {
  const revisions = contentStore({ db });
  const by = { authorId: 'pessoa', authorName: 'Valéria', createdAt: new Date().toISOString() };
  for (const [document, revision, body] of [
    ['notices', 1, '[]'],
    ['notices', 2, '[{"title":"Feriado"}]'],
  ] as const) {
    await revisions.insert({ document, revision, body, ...by });
  }
  const file = await sharp({
    create: { width: 900, height: 700, channels: 3, background: '#2a5d8f' },
  })
    .jpeg()
    .toBuffer();
  const photo = await preparePhoto(file, { width: 640, height: 400 });
  await photoStore({ db }).insert(photo, by.createdAt);
  const body = JSON.stringify({
    banner: { id: photo.id, alt: 'Fachada', width: 640, height: 400 },
  });
  await revisions.insert({ document: 'photos', revision: 1, body, ...by });
}

async function readState(dataDir: string, databaseUrl?: string) {
  const handle = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    return {
      accounts: (await handle.db.selectFrom('accounts').select('id').orderBy('id').execute()).map(
        (r) => r.id,
      ),
      courses: await handle.db
        .selectFrom('classes')
        .select(['course_slug as slug', 'taken'])
        .execute(),
      enrolments: (await handle.db.selectFrom('enrolments').select('user_id').execute()).length,
      content: await handle.db
        .selectFrom('content_revisions')
        .select(['document', 'revision', 'body', 'author_name'])
        .orderBy('document')
        .orderBy('revision')
        .execute(),
      photos: await handle.db.selectFrom('content_photos').selectAll().execute(),
    };
  } finally {
    await handle.close();
  }
}

/** The restored content equals the saved one: every revision, and the photo, a real JPEG. */
async function expectEditedContent(
  restored: Awaited<ReturnType<typeof readState>>,
  saved: Awaited<ReturnType<typeof readState>>,
) {
  expect(restored.content.map((r) => `${r.document} ${r.revision}`)).toEqual([
    'notices 1',
    'notices 2',
    'photos 1',
  ]);
  expect(restored.content).toEqual(saved.content);
  expect(restored.photos).toEqual(saved.photos);
  const [photo] = restored.photos;
  expect(JSON.parse(restored.content[2]?.body ?? '{}').banner.id).toBe(photo?.id);
  const jpeg = await sharp(Buffer.from(photo?.jpeg ?? '', 'base64')).metadata();
  expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 640, 400]);
}

/** The backup with its members changed by `change` (the manifest kept unless changed). */
async function tampered(file: string, change: (entries: Map<string, Buffer>) => void) {
  const members = await unpackTarGz(await readFile(file));
  const entries = new Map(members.map((m) => [m.name, m.data]));
  change(entries);
  const out = path.join(await temporary('tampered'), path.basename(file));
  await writeFile(out, await packTarGz([...entries].map(([name, data]) => ({ name, data }))));
  return out;
}

describe('backup and restore on SQLite', () => {
  it('saves the database and every file of DATA_DIR in one dated file, and restores them', async () => {
    const { dataDir, people } = await seededDataDir();
    const backupDir = await temporary('backups');
    const at = new Date('2026-11-23T21:30:00Z');
    const result = await createBackup({ dataDir, databaseUrl: undefined }, backupDir, at);

    expect(path.basename(result.file)).toBe('centro-backup-2026-11-23T21-30-00Z.tar.gz');
    expect((await stat(result.file)).mode & 0o777).toBe(0o600);
    expect(result.size).toBe((await stat(result.file)).size);
    expect(await readdir(backupDir)).toEqual([path.basename(result.file)]);
    expect(result.manifest).toMatchObject({
      format: 'centro-backup',
      createdAt: at.toISOString(),
      database: { dialect: 'sqlite', entry: SQLITE_ENTRY },
    });
    expect(result.manifest.database.migrations).toContain('002-course-places-taken');
    expect(result.manifest.files.map((f) => f.name)).toEqual([
      SQLITE_ENTRY,
      'data/api-token-secret',
      'data/idp-keys.json',
      'data/outbox/a.eml',
    ]);

    const restored = path.join(await temporary('restored'), 'data');
    const { written } = await restoreBackup(
      { dataDir: restored, databaseUrl: undefined },
      result.file,
    );
    expect(written.sort()).toEqual(
      ['api-token-secret', 'centro.sqlite', 'idp-keys.json', 'outbox/a.eml'].sort(),
    );
    expect(await readFile(path.join(restored, 'idp-keys.json'), 'utf8')).toBe(KEYS);
    expect(await readFile(path.join(restored, 'api-token-secret'), 'utf8')).toBe(SECRET);
    for (const file of ['idp-keys.json', 'api-token-secret', 'centro.sqlite']) {
      expect((await stat(path.join(restored, file))).mode & 0o777).toBe(0o600);
    }
    const state = await readState(restored);
    expect(state.accounts).toEqual([...people].sort());
    expect(state.courses).toEqual([{ slug: 'curso', taken: 5 }]);
    expect(state.enrolments).toBe(5);
    await expectEditedContent(state, await readState(dataDir));
  });

  it('refuses a non-empty DATA_DIR without --force, and replaces it with --force', async () => {
    const { dataDir } = await seededDataDir();
    const { file } = await createBackup({ dataDir, databaseUrl: undefined }, await temporary('b'));
    const other = await seededDataDir();
    await expect(
      restoreBackup({ dataDir: other.dataDir, databaseUrl: undefined }, file),
    ).rejects.toThrow(/is not empty .*--force/s);
    // Unchanged by the refusal.
    expect((await readState(other.dataDir)).accounts).toEqual([...other.people].sort());

    await restoreBackup({ dataDir: other.dataDir, databaseUrl: undefined }, file, { force: true });
    const state = await readState(other.dataDir);
    expect(state.accounts).not.toEqual([...other.people].sort());
    expect(state.enrolments).toBe(5);
  });

  it('refuses a damaged backup, naming the damaged file, and writes nothing', async () => {
    const { dataDir } = await seededDataDir();
    const { file } = await createBackup({ dataDir, databaseUrl: undefined }, await temporary('b'));
    const broken = await tampered(file, (entries) => {
      const keys = Buffer.from(entries.get('data/idp-keys.json') ?? '');
      keys[2] = 0x41;
      entries.set('data/idp-keys.json', keys);
    });
    const target = path.join(await temporary('r'), 'data');
    await expect(
      restoreBackup({ dataDir: target, databaseUrl: undefined }, broken),
    ).rejects.toThrow(/data\/idp-keys\.json is damaged/);
    await expect(stat(target)).rejects.toThrow();

    const truncated = path.join(await temporary('t'), 'cut.tar.gz');
    await writeFile(truncated, (await readFile(file)).subarray(0, 200));
    await expect(readBackup(truncated)).rejects.toThrow(BackupError);
  });

  it('refuses a backup made by a newer version (an unknown migration)', async () => {
    const { dataDir } = await seededDataDir();
    const { file } = await createBackup({ dataDir, databaseUrl: undefined }, await temporary('b'));
    const newer = await tampered(file, (entries) => {
      const manifest = JSON.parse(String(entries.get(MANIFEST_NAME)));
      manifest.database.migrations.push('999-from-the-future');
      entries.set(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest)));
    });
    const target = path.join(await temporary('r'), 'data');
    await expect(restoreBackup({ dataDir: target, databaseUrl: undefined }, newer)).rejects.toThrow(
      DatabaseNewerError,
    );
  });

  it('says clearly when there is no database to back up', async () => {
    await expect(
      createBackup(
        { dataDir: await temporary('empty'), databaseUrl: undefined },
        await temporary('b'),
      ),
    ).rejects.toThrow(/There is no database at/);
  });
});

const source = await createPostgresTestDatabase('backup_src');
const target = await createPostgresTestDatabase('backup_dst');
afterAll(async () => {
  await source?.drop();
  await target?.drop();
});

describe.skipIf(!source || !target)('backup and restore on PostgreSQL', () => {
  it('drives pg_dump and pg_restore into an empty database, keeping the key files', async () => {
    const sourceUrl = source?.url as string;
    const targetUrl = target?.url as string;
    const { dataDir, people } = await seededDataDir(sourceUrl);
    const { file, manifest } = await createBackup(
      { dataDir, databaseUrl: sourceUrl },
      await temporary('b'),
    );
    expect(manifest.database).toMatchObject({
      dialect: 'postgres',
      entry: 'database/postgres.dump',
    });
    expect(manifest.database.migrations).toContain('002-course-places-taken');
    // No SQLite file is involved.
    expect(manifest.files.map((f) => f.name)).not.toContain(SQLITE_ENTRY);

    const restoredDir = path.join(await temporary('r'), 'data');
    await expect(
      restoreBackup({ dataDir: restoredDir, databaseUrl: undefined }, file),
    ).rejects.toThrow(/set DATABASE_URL/);
    await restoreBackup({ dataDir: restoredDir, databaseUrl: targetUrl }, file);
    expect(await readFile(path.join(restoredDir, 'idp-keys.json'), 'utf8')).toBe(KEYS);
    const state = await readState(restoredDir, targetUrl);
    expect(state.accounts).toEqual([...people].sort());
    expect(state.courses).toEqual([{ slug: 'curso', taken: 5 }]);
    await expectEditedContent(state, await readState(dataDir, sourceUrl));

    // The database is no longer empty: refused without --force, replaced with it.
    const again = path.join(await temporary('r'), `data-${randomUUID()}`);
    await expect(restoreBackup({ dataDir: again, databaseUrl: targetUrl }, file)).rejects.toThrow(
      /database of DATABASE_URL is not empty/,
    );
    await restoreBackup({ dataDir: again, databaseUrl: targetUrl }, file, { force: true });
    expect((await readState(again, targetUrl)).enrolments).toBe(5);
  }, 60_000);
});
