/** The database: opened and migrated at registration, closed last (registered first). */
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import { openDatabase } from '../../db/database.js';

export const databaseService = fp<{ config: Pick<Config, 'databaseUrl' | 'dataDir'> }>(
  async (app, { config }) => {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log: app.log,
    });
    app.decorate('database', database);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
