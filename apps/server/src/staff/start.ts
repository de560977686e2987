/** Starting the staff area: its service and the periodic repair of interrupted removals. */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { Directory } from '../directory/directory.js';
import { createStaffRepository } from './repository.js';
import { StaffService } from './service.js';

export interface StartStaffOptions {
  database: Pick<DatabaseHandle, 'db'>;
  directory: Directory;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  identityProvider: 'embedded' | 'entra';
  adminEmails: readonly string[];
  /** See StaffServiceOptions.adminEmailsVerified. */
  adminEmailsVerified?: boolean;
  /** Age (ms) after which an unfinished removal is settled; also the period. */
  repairAfterMs: number;
  now?: () => Date;
}

export async function startStaff(
  options: StartStaffOptions,
): Promise<{ service: StaffService; stop(): void }> {
  const service = new StaffService({
    repository: createStaffRepository(options.database.db),
    directory: options.directory,
    identityProvider: options.identityProvider,
    adminEmails: options.adminEmails,
    ...(options.adminEmailsVerified ? { adminEmailsVerified: true } : {}),
    log: options.log,
    ...(options.now ? { now: options.now } : {}),
  });
  const repair = async () => {
    try {
      await service.repairRemovals(options.repairAfterMs);
    } catch (error) {
      options.log.warn({ err: error }, 'could not repair interrupted removals');
    }
  };
  await repair();
  const timer = setInterval(() => void repair(), Math.max(options.repairAfterMs, 1000));
  timer.unref();
  return { service, stop: () => clearInterval(timer) };
}
