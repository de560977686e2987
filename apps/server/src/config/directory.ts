/**
 * The directory's part of the configuration: DIRECTORY (local | graph) and, for `graph`, the
 * GRAPH_* variables. config.ts passes the environment in and merges the problems into its own list,
 * so a wrong start-up names every wrong variable at once.
 */
import path from 'node:path';

/** How the server authenticates to Microsoft Entra ID (client credentials). */
export type GraphCredentialConfig =
  | { kind: 'secret'; secret: string }
  | {
      kind: 'certificate';
      /** PEM file with the private key and (recommended) the certificate. */
      path: string;
      /** Hex thumbprint (SHA-1: 40 digits, SHA-256: 64), needed when the file has no certificate. */
      thumbprint: string | undefined;
      /** Send the certificate chain (x5c) with the assertion (subject name and issuer auth). */
      sendX5c: boolean;
    };

export interface GraphDirectoryConfig {
  tenantId: string;
  clientId: string;
  credential: GraphCredentialConfig;
  /** https origin of the Microsoft Entra authority, e.g. https://login.microsoftonline.com. */
  authorityHost: string;
  /** Microsoft Graph's base URL without trailing slash, e.g. https://graph.microsoft.com/v1.0. */
  baseUrl: string;
  /** Name of the directory extension holding Celular (extension_<appId>_Celular), if any. */
  extensionCelular: string | undefined;
  /** Name of the directory extension holding DataNascimento, if any. */
  extensionDataNascimento: string | undefined;
  /** Custom security attribute set holding the birth date. */
  csaSet: string;
  /** Custom security attribute (a String) holding the birth date, DD/MM/YYYY. */
  csaBirthDate: string;
  /** Timeout of each call to Entra or Graph, in milliseconds. */
  timeoutMs: number;
  /** PEM file of extra certificate authorities to trust for the authority and Graph. */
  caFile: string | undefined;
}

export const GRAPH_DEFAULTS = {
  authorityHost: 'https://login.microsoftonline.com',
  baseUrl: 'https://graph.microsoft.com/v1.0',
  timeoutMs: 5000,
} as const;

type Env = Record<string, string | undefined>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const EXTENSION = /^extension_[0-9a-f]{32}_[A-Za-z0-9_]{1,100}$/i;
const CSA_NAME = /^[A-Za-z0-9_]{1,32}$/;
const HEX_THUMBPRINT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function httpsUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && !url.username && !url.password && !url.search && !url.hash
      ? url
      : undefined;
  } catch {
    return undefined;
  }
}

export interface DirectoryConfigResult {
  /** The Graph settings when DIRECTORY=graph; undefined for the local directory. */
  graph: GraphDirectoryConfig | undefined;
  /** "VARIABLE message" for every wrong variable. */
  problems: string[];
}

export function readDirectoryConfig(env: Env): DirectoryConfigResult {
  const problems: string[] = [];
  const kind = (value(env, 'DIRECTORY') ?? 'local').toLowerCase();
  if (kind === 'local') return { graph: undefined, problems };
  if (kind !== 'graph') {
    problems.push(`DIRECTORY must be local or graph (got "${value(env, 'DIRECTORY')}")`);
    return { graph: undefined, problems };
  }

  const required = (name: string, what: string): string => {
    const v = value(env, name);
    if (v === undefined) problems.push(`${name} is required when DIRECTORY=graph (${what})`);
    return v ?? '';
  };

  const tenantId = required('GRAPH_TENANT_ID', "the directory (tenant) id of the centre's tenant");
  if (tenantId && !GUID.test(tenantId) && !DOMAIN.test(tenantId)) {
    problems.push(
      `GRAPH_TENANT_ID must be the tenant id (a GUID) or its domain such as centro.onmicrosoft.com (got "${tenantId}")`,
    );
  }
  const clientId = required('GRAPH_CLIENT_ID', "the application (client) id of the server's app");
  if (clientId && !GUID.test(clientId)) {
    problems.push(`GRAPH_CLIENT_ID must be a GUID (got "${clientId}")`);
  }

  const secret = value(env, 'GRAPH_CLIENT_SECRET');
  const certificatePath = value(env, 'GRAPH_CERTIFICATE_PATH');
  const thumbprintRaw = value(env, 'GRAPH_CERTIFICATE_THUMBPRINT');
  const x5cRaw = (value(env, 'GRAPH_CERTIFICATE_SEND_X5C') ?? 'false').toLowerCase();
  let credential: GraphCredentialConfig = { kind: 'secret', secret: '' };
  if (secret !== undefined && certificatePath !== undefined) {
    problems.push(
      'GRAPH_CLIENT_SECRET and GRAPH_CERTIFICATE_PATH are both set: set exactly one (a certificate is preferred in production)',
    );
  } else if (secret !== undefined) {
    credential = { kind: 'secret', secret };
  } else if (certificatePath !== undefined) {
    const thumbprint = thumbprintRaw?.replace(/:/g, '');
    if (thumbprint !== undefined && !HEX_THUMBPRINT.test(thumbprint)) {
      problems.push(
        'GRAPH_CERTIFICATE_THUMBPRINT must be the hexadecimal SHA-1 (40 digits) or SHA-256 (64 digits) thumbprint of the certificate',
      );
    }
    if (x5cRaw !== 'true' && x5cRaw !== 'false') {
      problems.push(`GRAPH_CERTIFICATE_SEND_X5C must be true or false (got "${x5cRaw}")`);
    }
    credential = {
      kind: 'certificate',
      path: path.resolve(certificatePath),
      thumbprint: thumbprint?.toLowerCase(),
      sendX5c: x5cRaw === 'true',
    };
  } else {
    problems.push(
      'GRAPH_CLIENT_SECRET or GRAPH_CERTIFICATE_PATH is required when DIRECTORY=graph (the credential of the app registration)',
    );
  }

  const authorityRaw = value(env, 'GRAPH_AUTHORITY_HOST') ?? GRAPH_DEFAULTS.authorityHost;
  const authority = httpsUrl(authorityRaw);
  if (!authority || authority.pathname !== '/') {
    problems.push(
      `GRAPH_AUTHORITY_HOST must be an https origin such as ${GRAPH_DEFAULTS.authorityHost}, without path (got "${authorityRaw}")`,
    );
  }
  const baseRaw = value(env, 'GRAPH_BASE_URL') ?? GRAPH_DEFAULTS.baseUrl;
  const base = httpsUrl(baseRaw);
  if (!base || base.pathname === '/') {
    problems.push(
      `GRAPH_BASE_URL must be an https URL with the API version, such as ${GRAPH_DEFAULTS.baseUrl} (got "${baseRaw}")`,
    );
  }

  const extension = (name: string): string | undefined => {
    const v = value(env, name);
    if (v !== undefined && !EXTENSION.test(v)) {
      problems.push(
        `${name} must be a directory extension name such as extension_<app id without dashes>_Celular (got "${v}")`,
      );
    }
    return v;
  };
  const extensionCelular = extension('GRAPH_EXTENSION_CELULAR');
  const extensionDataNascimento = extension('GRAPH_EXTENSION_DATA_NASCIMENTO');

  const csaName = (name: string, what: string): string => {
    const v = required(name, what);
    if (v && !CSA_NAME.test(v)) {
      problems.push(`${name} must be 1 to 32 letters, digits or underscores (got "${v}")`);
    }
    return v;
  };
  const csaSet = csaName('GRAPH_CSA_SET', 'the custom security attribute set of the birth date');
  const csaBirthDate = csaName(
    'GRAPH_CSA_BIRTH_DATE',
    'the custom security attribute (String) that keeps the birth date',
  );

  const timeoutRaw = value(env, 'GRAPH_TIMEOUT_MS');
  let timeoutMs: number = GRAPH_DEFAULTS.timeoutMs;
  if (timeoutRaw !== undefined) {
    timeoutMs = /^\d{1,6}$/.test(timeoutRaw) ? Number(timeoutRaw) : NaN;
    if (!(timeoutMs >= 100 && timeoutMs <= 60_000)) {
      problems.push(
        `GRAPH_TIMEOUT_MS must be a number of milliseconds from 100 to 60000 (got "${timeoutRaw}")`,
      );
    }
  }

  const caFile = value(env, 'GRAPH_CA_FILE');
  if (problems.length > 0) return { graph: undefined, problems };
  return {
    graph: {
      tenantId,
      clientId,
      credential,
      authorityHost: (authority as URL).origin,
      baseUrl: (base as URL).href.replace(/\/+$/, ''),
      extensionCelular,
      extensionDataNascimento,
      csaSet,
      csaBirthDate,
      timeoutMs,
      caFile: caFile === undefined ? undefined : path.resolve(caFile),
    },
    problems,
  };
}
