/** Wires the Graph adapter: transport, msal-node token source, Graph client, adapter. */
import { readFile } from 'node:fs/promises';
import type { GraphDirectoryConfig } from '../../config/directory.js';
import { type DirectoryLogger, silentLogger } from '../directory-logger.js';
import type { Directory } from '../directory.js';
import { GraphClient } from './graph-client.js';
import { GraphDirectory } from './graph-directory.js';
import { checkGraphDirectory } from './graph-startup-check.js';
import type { RetryPolicy, Sleep } from './retry.js';
import {
  type ClientCredential,
  CredentialFileError,
  createMsalTokenSource,
  loadCertificateCredential,
  msalNetworkModule,
} from './token-source.js';
import { createHttpsTransport } from './transport.js';

export interface GraphDirectoryOptions {
  logger?: DirectoryLogger;
  retry?: Partial<RetryPolicy>;
  /** Replaces the waits between attempts (tests). */
  sleep?: Sleep;
  random?: () => number;
}

export interface GraphDirectoryHandle {
  directory: Directory;
  /** The start-up check (graph-startup-check.ts): what to change, one line per problem. */
  check(): Promise<string[]>;
  /** Closes the kept-alive connections. */
  close(): Promise<void>;
}

/** The scope of an app-only token for the Graph at `baseUrl`: https://graph.microsoft.com/.default. */
export function graphScope(baseUrl: string): string {
  return `${new URL(baseUrl).origin}/.default`;
}

/**
 * Builds the adapter from its configuration. Reads the certificate and CA files now, so a wrong
 * file stops the start-up with a message naming the variable (CredentialFileError); makes no
 * network call (the first token is requested by the first Graph call, or by /readyz).
 */
export async function createGraphDirectory(
  config: GraphDirectoryConfig,
  options: GraphDirectoryOptions = {},
): Promise<GraphDirectoryHandle> {
  const logger = options.logger ?? silentLogger;
  let ca: string | undefined;
  if (config.caFile) {
    try {
      ca = await readFile(config.caFile, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new CredentialFileError(`GRAPH_CA_FILE cannot be read (${code}).`);
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----')) {
      throw new CredentialFileError('GRAPH_CA_FILE holds no PEM certificate.');
    }
  }
  const credential: ClientCredential =
    config.credential.kind === 'secret'
      ? { kind: 'secret', secret: config.credential.secret }
      : await loadCertificateCredential(config.credential);

  const transport = createHttpsTransport({ ca });
  const tokens = createMsalTokenSource({
    tenantId: config.tenantId,
    clientId: config.clientId,
    credential,
    authorityHost: config.authorityHost,
    scope: graphScope(config.baseUrl),
    network: msalNetworkModule(transport, config.timeoutMs),
    logger,
  });
  const client = new GraphClient({
    baseUrl: config.baseUrl,
    transport,
    tokens,
    timeoutMs: config.timeoutMs,
    logger,
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.random ? { random: options.random } : {}),
  });
  const directory = new GraphDirectory(
    client,
    {
      extensionCelular: config.extensionCelular,
      extensionDataNascimento: config.extensionDataNascimento,
      csaSet: config.csaSet,
      csaBirthDate: config.csaBirthDate,
      contactInOtherMails: config.externalId === true,
    },
    logger,
  );
  return {
    directory,
    check: () =>
      checkGraphDirectory(config, {
        client,
        tokens,
        logger,
        discovery: async () => {
          const url = `${new URL(config.authorityHost).origin}/${config.tenantId}/v2.0/.well-known/openid-configuration`;
          const res = await transport.send({ method: 'GET', url, timeoutMs: config.timeoutMs });
          return { url, status: res.status, body: res.body };
        },
      }),
    close: async () => transport.close(),
  };
}
