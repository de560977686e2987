/**
 * A server killed during enrolments on SQLite, then restarted on the same DATA_DIR: see
 * src/test-support/crash-restart.ts (crash-restart-postgres.test.ts does the same on PostgreSQL).
 */
import { describeCrashRestart } from '../test-support/crash-restart.js';
import { warnIfNotBuilt } from '../test-support/server-process.js';

describeCrashRestart(
  { dialect: 'sqlite', databaseUrl: undefined },
  !warnIfNotBuilt('the crash test on SQLite'),
);
