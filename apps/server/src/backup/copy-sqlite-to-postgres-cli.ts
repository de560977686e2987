/**
 * `npm run db:copy-to-postgres -- [postgres://…]`: copies the SQLite database of DATA_DIR into the
 * EMPTY PostgreSQL database given as the argument (default DATABASE_URL), checks it, and prints
 * the rows per table. Stop the server first; then start it with DATABASE_URL set.
 */
import { fail, runCli, settingsFromEnv } from './cli-support.js';
import { copySqliteToPostgres } from './copy-sqlite-to-postgres.js';

const USAGE = `Usage: npm run db:copy-to-postgres -- [postgres://user@host:5432/database]
Copies the SQLite database of DATA_DIR into an EMPTY PostgreSQL database (the argument, or
DATABASE_URL) and checks the copy. Stop the server first; afterwards start it with DATABASE_URL.`;

runCli(async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.info(USAGE);
    return;
  }
  const settings = settingsFromEnv();
  const target = args[0] ?? settings.databaseUrl;
  if (args.length > 1 || !target || !/^postgres(ql)?:\/\//.test(target)) fail(USAGE);
  const report = await copySqliteToPostgres({ dataDir: settings.dataDir, databaseUrl: target });
  console.info(
    `Copied ${settings.dataDir} into PostgreSQL; row counts and place counters checked:`,
  );
  for (const table of report.tables) console.info(`  ${table.name}: ${table.rows} rows`);
  console.info(
    'Now set DATABASE_URL to that database (keep DATA_DIR: it holds the keys) and start the server.',
  );
});
