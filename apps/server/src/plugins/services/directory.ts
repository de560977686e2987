/**
 * The directory (DIRECTORY): local tables, with the course groups synchronised from the content at
 * registration, or Microsoft Graph (files read, no call yet). Released before the database closes.
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import { createDirectory, type DirectoryAdapter } from '../../directory/create-directory.js';
import { withDeskPeople } from '../../desk/desk-directory.js';
import { createDeskStore } from '../../desk/desk-store.js';

export interface DirectoryPluginOptions {
  config: Config;
  /** Wraps the configured adapter (tests: faults on demand around the real adapter). */
  wrap?: ((directory: DirectoryAdapter) => DirectoryAdapter) | undefined;
}

export const directoryService = fp<DirectoryPluginOptions>(
  async (app, { config, wrap }) => {
    const { database } = app;
    // People enrolled at the desk without an account are answered from our tables (decision 095).
    const configured = withDeskPeople(
      await createDirectory(config, database.db, {
        logger: app.log,
        ...(database.sqlite ? { statements: database.sqlite } : {}),
      }),
      createDeskStore(database),
    );
    const directory = wrap?.(configured) ?? configured;
    app.decorate('directory', directory);
    app.addHook('onClose', () => directory.close());
  },
  { name: 'directory', dependencies: ['database'] },
);
