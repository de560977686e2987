/** The database's part of the environment: PostgreSQL, or the embedded SQLite file when unset. */
import { text } from './parsers.js';

export const databaseEnv = {
  DATABASE_URL: text.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    'must be a PostgreSQL connection string (postgres://user@host:5432/database)',
  ),
};
