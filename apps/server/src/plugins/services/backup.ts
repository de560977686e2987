/** The daily backup (BACKUP_DIR; none without it), stopped before the database closes. */
import fp from 'fastify-plugin';
import { startBackupScheduler } from '../../backup/backup-scheduler.js';
import type { Config } from '../../config/index.js';

export const backupService = fp<{ config: Pick<Config, 'dataDir' | 'databaseUrl' | 'backup'> }>(
  async (app, { config }) => {
    const backups = startBackupScheduler(
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl, ...config.backup },
      app.log,
    );
    if (backups) app.addHook('onClose', () => backups.stop());
  },
  { name: 'backup', dependencies: ['database'] },
);
