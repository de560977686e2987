/**
 * `npm run backup -- <dir>`: writes one backup of the database and the key files of DATA_DIR into
 * <dir> (default BACKUP_DIR) and prints its name and size. Safe while the server runs. With
 * DATABASE_URL set it drives pg_dump. Exit status 0 on success, 1 with a message otherwise.
 */
import { createBackup } from './backup.js';
import { fail, humanSize, runCli, settingsFromEnv } from './cli-support.js';

const USAGE = `Usage: npm run backup -- <directory>
Writes centro-backup-<date>.tar.gz (the database and the key files of DATA_DIR) into the directory
(default: BACKUP_DIR). Reads DATA_DIR and DATABASE_URL like the server.`;

runCli(async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.info(USAGE);
    return;
  }
  const settings = settingsFromEnv();
  const dir = args[0] ?? settings.backupDir;
  if (args.length > 1 || !dir || dir.startsWith('-')) fail(USAGE);
  const result = await createBackup(settings, dir);
  console.info(`Backup written: ${result.file} (${humanSize(result.size)})`);
  console.info(
    `  ${result.manifest.database.dialect} database at migration ${result.manifest.database.migrations.at(-1) ?? '(none)'}, ${result.manifest.files.length} file(s), sha256 in manifest.json`,
  );
});
