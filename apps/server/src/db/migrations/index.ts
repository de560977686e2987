/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './001-initial.js';
import * as coursePlacesTaken from './002-course-places-taken.js';
import * as mailOutbox from './003-mail-outbox.js';

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-course-places-taken': coursePlacesTaken,
  '003-mail-outbox': mailOutbox,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
