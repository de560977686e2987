/**
 * `npm run restore -- <file> [--force]`: checks a backup whole, then restores it into DATA_DIR
 * (which must be empty unless --force) and, for a PostgreSQL backup, into the empty database of
 * DATABASE_URL. Afterwards `npm start` serves the restored state (migrating it when it is older).
 */
import { restoreBackup } from './backup.js';
import { fail, runCli, settingsFromEnv } from './cli-support.js';

const USAGE = `Usage: npm run restore -- <backup file> [--force]
Restores a backup made by \`npm run backup\` into DATA_DIR (which must be empty or missing) and, for
a PostgreSQL backup, into the empty database of DATABASE_URL. Stop the server first. --force
replaces the database and key files of a non-empty DATA_DIR (or the tables of the database).`;

runCli(async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.info(USAGE);
    return;
  }
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) fail(USAGE);
  const settings = settingsFromEnv();
  const { manifest, written } = await restoreBackup(settings, files[0] as string, { force });
  console.info(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, ${manifest.database.dialect}, migration ${manifest.database.migrations.at(-1) ?? '(none)'}).`,
  );
  console.info(
    `  Checksums verified; ${written.length} files written into DATA_DIR=${settings.dataDir}.`,
  );
  if (manifest.database.dialect === 'postgres') {
    console.info('  The database was restored with pg_restore into DATABASE_URL.');
  }
  console.info('Start the server with the same DATA_DIR (and DATABASE_URL): npm start');
});
