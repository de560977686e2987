/**
 * A server killed during enrolments on SQLite, then restarted on the same DATA_DIR: see
 * apps/server/tests/support/crash-restart.ts (crash-restart-postgres.test.ts does the same on PostgreSQL).
 */
import { describeCrashRestart } from '../support/crash-restart.js';
import { warnIfNotBuilt } from '../support/server-process.js';

describeCrashRestart(
  { dialect: 'sqlite', databaseUrl: undefined },
  !warnIfNotBuilt('the crash test on SQLite'),
);
