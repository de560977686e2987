/**
 * Chooses the directory adapter from the configuration: `local` (the default: tables in our
 * database, course groups seeded from the content) or `graph` (Microsoft Graph, DIRECTORY=graph).
 */
import type { Kysely } from 'kysely';
import { ConfigError, type Config } from '../config/index.js';
import type { Database } from '../db/schema.js';
import type { DirectoryLogger } from './directory-logger.js';
import type { Directory } from './directory.js';
import {
  createGraphDirectory,
  type GraphDirectoryOptions,
} from './graph/create-graph-directory.js';
import { CredentialFileError } from './graph/token-source.js';
import {
  createLocalDirectory,
  type LocalDirectoryOptions,
  syncCourseGroups,
} from './local-directory.js';

/** A directory adapter as the server holds it: the port, which adapter it is, and its end. */
export interface DirectoryAdapter extends Directory {
  readonly kind: 'local' | 'graph';
  /**
   * Checks the directory's settings against the directory itself, before the server listens: what
   * to change, one line per problem (Graph: credentials, permissions, extension names).
   */
  check(): Promise<string[]>;
  /** Releases what the adapter holds (the Graph adapter's connections); the database is not closed. */
  close(): Promise<void>;
}

export interface CreateDirectoryOptions {
  logger?: DirectoryLogger;
  /** Test hooks of the Graph adapter (waits, retry policy). */
  graph?: Omit<GraphDirectoryOptions, 'logger'>;
  /** SQLite: the database's prepared statements, for the local directory's hot path. */
  statements?: LocalDirectoryOptions['statements'];
}

function adapter(
  kind: DirectoryAdapter['kind'],
  directory: Directory,
  close: () => Promise<void>,
  check: () => Promise<string[]> = async () => [],
): DirectoryAdapter {
  return {
    kind,
    close,
    check,
    getUser: (id) => directory.getUser(id),
    updateUser: (id, field, value) => directory.updateUser(id, field, value),
    setBirthDate: (id, birthDate) => directory.setBirthDate(id, birthDate),
    addToGroup: (groupId, userId) => directory.addToGroup(groupId, userId),
    removeFromGroup: (groupId, userId) => directory.removeFromGroup(groupId, userId),
    isMember: (groupId, userId) => directory.isMember(groupId, userId),
    ping: () => directory.ping(),
    findUsers: (text, limit) => directory.findUsers(text, limit),
  };
}

/**
 * The configured directory. For `local`, the course groups are synchronised from the content
 * first; for `graph`, the certificate and CA files are read (a wrong file is a ConfigError).
 */
export async function createDirectory(
  config: Pick<Config, 'graph'> & Partial<Pick<Config, 'databaseUrl'>>,
  db: Kysely<Database>,
  options: CreateDirectoryOptions = {},
): Promise<DirectoryAdapter> {
  if (config.graph === undefined) {
    await syncCourseGroups(db);
    options.logger?.info({ directory: 'local' }, 'Directory ready');
    return adapter(
      'local',
      createLocalDirectory(db, {
        batch: config.databaseUrl !== undefined,
        ...(options.statements ? { statements: options.statements } : {}),
      }),
      async () => undefined,
    );
  }
  try {
    const graph = await createGraphDirectory(config.graph, {
      ...options.graph,
      ...(options.logger ? { logger: options.logger } : {}),
    });
    const { authorityHost, baseUrl, credential } = config.graph;
    options.logger?.info(
      { directory: 'graph', authorityHost, baseUrl, credential: credential.kind },
      'Directory ready',
    );
    return adapter('graph', graph.directory, graph.close, graph.check);
  } catch (error) {
    if (error instanceof CredentialFileError) throw new ConfigError([error.message]);
    throw error;
  }
}
