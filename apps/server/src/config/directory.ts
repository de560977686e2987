/**
 * The directory's part of the environment: DIRECTORY (local | graph) and, for `graph`, the GRAPH_*
 * variables, each a zod object. With the local directory the GRAPH_* variables are not read at all;
 * with Graph, every wrong one is reported, in the order of `graphEnv`. (Read apart from the rest of
 * the schema because it is conditional; index.ts merges its problems into the one report.)
 */
import path from 'node:path';
import { z } from 'zod';
import { GUID } from '@centro/contracts/identity';
import { httpsUrl, integerRange, MICROSOFT_AUTHORITY, oneOf, text } from './parsers.js';

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
  /**
   * Custom security attribute set holding the birth date; undefined (with csaBirthDate): the birth
   * date is kept in the DataNascimento extension (External ID has no custom security attributes).
   */
  csaSet: string | undefined;
  /** Custom security attribute (a String) holding the birth date, DD/MM/YYYY. */
  csaBirthDate: string | undefined;
  /** Timeout of each call to Entra or Graph, in milliseconds. */
  timeoutMs: number;
  /** PEM file of extra certificate authorities to trust for the authority and Graph. */
  caFile: string | undefined;
  /**
   * An External ID tenant (the authority host is `*.ciamlogin.com`): the contact e-mail is kept in
   * `otherMails`, as Graph advises for customer accounts.
   */
  externalId?: boolean;
}

export const GRAPH_DEFAULTS = {
  authorityHost: MICROSOFT_AUTHORITY,
  baseUrl: 'https://graph.microsoft.com/v1.0',
  timeoutMs: 5000,
} as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const EXTENSION = /^extension_[0-9a-f]{32}_[A-Za-z0-9_]{1,100}$/i;
/** Entra's names of attribute sets and custom security attributes: no spaces nor special characters (`_` included). */
const CSA_NAME = /^[A-Za-z0-9]{1,32}$/;
const HEX_THUMBPRINT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/** Text that must match `pattern` when set; `message(value)` otherwise. */
const matching = (pattern: (value: string) => boolean, message: (value: string) => string) =>
  text.superRefine((value, ctx) => {
    if (value !== undefined && !pattern(value)) {
      ctx.addIssue({ code: 'custom', message: message(value) });
    }
  });

/** Required with DIRECTORY=graph. */
const required = <T extends z.ZodType<string | undefined, string | undefined>>(
  schema: T,
  what: string,
) =>
  schema.superRefine((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: `is required when DIRECTORY=graph (${what})` });
    }
  });

const csaName = matching(
  (v) => CSA_NAME.test(v),
  (v) =>
    `must be 1 to 32 letters or digits: Entra allows no spaces, underscores or other special characters in these names (got "${v}")`,
);

const extension = matching(
  (v) => EXTENSION.test(v),
  (v) =>
    `must be a directory extension name such as extension_<app id without dashes>_Celular (got "${v}")`,
);

/** The GRAPH_* variables, read only with DIRECTORY=graph. */
const graphEnv = z.object({
  GRAPH_TENANT_ID: required(
    matching(
      (v) => GUID.test(v) || DOMAIN.test(v),
      (v) =>
        `must be the tenant id (a GUID) or its domain such as centro.onmicrosoft.com (got "${v}")`,
    ),
    "the directory (tenant) id of the centre's tenant",
  ),
  GRAPH_CLIENT_ID: required(
    matching(
      (v) => GUID.test(v),
      (v) => `must be a GUID (got "${v}")`,
    ),
    "the application (client) id of the server's app",
  ),
  GRAPH_CLIENT_SECRET: text,
  GRAPH_CERTIFICATE_PATH: text,
  GRAPH_CERTIFICATE_THUMBPRINT: text.transform((v) => v?.replace(/:/g, '')),
  GRAPH_CERTIFICATE_SEND_X5C: text.transform((v) => (v ?? 'false').toLowerCase()),
  GRAPH_AUTHORITY_HOST: text.transform((raw, ctx) => {
    const value = raw ?? GRAPH_DEFAULTS.authorityHost;
    const url = httpsUrl(value);
    if (!url || url.pathname !== '/') {
      ctx.addIssue({
        code: 'custom',
        message: `must be an https origin such as ${GRAPH_DEFAULTS.authorityHost}, without path (got "${value}")`,
      });
      return z.NEVER;
    }
    return url.origin;
  }),
  GRAPH_BASE_URL: text.transform((raw, ctx) => {
    const value = raw ?? GRAPH_DEFAULTS.baseUrl;
    const url = httpsUrl(value);
    if (!url || url.pathname === '/') {
      ctx.addIssue({
        code: 'custom',
        message: `must be an https URL with the API version, such as ${GRAPH_DEFAULTS.baseUrl} (got "${value}")`,
      });
      return z.NEVER;
    }
    return url.href.replace(/\/+$/, '');
  }),
  GRAPH_EXTENSION_CELULAR: extension,
  GRAPH_EXTENSION_DATA_NASCIMENTO: extension,
  GRAPH_CSA_SET: csaName,
  GRAPH_CSA_BIRTH_DATE: csaName,
  GRAPH_TIMEOUT_MS: integerRange(GRAPH_DEFAULTS.timeoutMs, 100, 60_000, 'a number of milliseconds'),
  GRAPH_CA_FILE: text,
});
const credentialEnv = graphEnv.pick({
  GRAPH_CLIENT_SECRET: true,
  GRAPH_CERTIFICATE_PATH: true,
  GRAPH_CERTIFICATE_THUMBPRINT: true,
  GRAPH_CERTIFICATE_SEND_X5C: true,
});

const directoryEnv = z.object({ DIRECTORY: oneOf(['local', 'graph'] as const, 'local') });

interface Problem {
  path: [string];
  message: string;
}

/** The client credential: exactly one of secret and certificate, and its settings. */
const credentialSchema = credentialEnv.transform((env, ctx): GraphCredentialConfig => {
  const problem = (name: string, message: string) => {
    ctx.addIssue({ code: 'custom', path: [name], message });
    return z.NEVER;
  };
  const secret = env.GRAPH_CLIENT_SECRET;
  const certificatePath = env.GRAPH_CERTIFICATE_PATH;
  if (secret !== undefined && certificatePath !== undefined) {
    return problem(
      'GRAPH_CLIENT_SECRET',
      'and GRAPH_CERTIFICATE_PATH are both set: set exactly one (a certificate is preferred in production)',
    );
  }
  if (secret !== undefined) return { kind: 'secret', secret };
  if (certificatePath === undefined) {
    return problem(
      'GRAPH_CLIENT_SECRET',
      'or GRAPH_CERTIFICATE_PATH is required when DIRECTORY=graph (the credential of the app registration)',
    );
  }
  const thumbprint = env.GRAPH_CERTIFICATE_THUMBPRINT;
  if (thumbprint !== undefined && !HEX_THUMBPRINT.test(thumbprint)) {
    problem(
      'GRAPH_CERTIFICATE_THUMBPRINT',
      'must be the hexadecimal SHA-1 (40 digits) or SHA-256 (64 digits) thumbprint of the certificate',
    );
  }
  const x5c = env.GRAPH_CERTIFICATE_SEND_X5C;
  if (x5c !== 'true' && x5c !== 'false') {
    problem('GRAPH_CERTIFICATE_SEND_X5C', `must be true or false (got "${x5c}")`);
  }
  return {
    kind: 'certificate',
    path: path.resolve(certificatePath),
    thumbprint: thumbprint?.toLowerCase(),
    sendX5c: x5c === 'true',
  };
});

const ORDER = Object.keys(graphEnv.shape);

/** The Graph settings, or the problems of the GRAPH_* variables (in the order of graphEnv). */
function readGraphEnv(env: Record<string, unknown>): {
  graph: GraphDirectoryConfig | undefined;
  problems: Problem[];
} {
  const parsed = graphEnv.safeParse(env);
  // The credential's variables are plain text (they always parse): checked even when others fail.
  const credential = credentialSchema.safeParse(env);
  const problems: Problem[] = [...(parsed.error?.issues ?? []), ...(credential.error?.issues ?? [])]
    .map((issue) => ({ path: [String(issue.path[0])] as [string], message: issue.message }))
    .sort((a, b) => ORDER.indexOf(a.path[0]) - ORDER.indexOf(b.path[0]));
  const values = parsed.data;
  const csa = [env.GRAPH_CSA_SET, env.GRAPH_CSA_BIRTH_DATE].filter(
    (v) => v !== undefined && v !== '',
  );
  if (csa.length === 1) {
    problems.push({
      path: [env.GRAPH_CSA_SET ? 'GRAPH_CSA_BIRTH_DATE' : 'GRAPH_CSA_SET'],
      message:
        'is required with the other GRAPH_CSA_* variable (the custom security attribute set and attribute of the birth date)',
    });
  } else if (csa.length === 0 && !env.GRAPH_EXTENSION_DATA_NASCIMENTO) {
    problems.push({
      path: ['GRAPH_CSA_SET'],
      message:
        'and GRAPH_CSA_BIRTH_DATE, or GRAPH_EXTENSION_DATA_NASCIMENTO, are required when DIRECTORY=graph (where the birth date is kept: a custom security attribute, or the DataNascimento extension in an External ID tenant)',
    });
  }
  if (
    values?.GRAPH_TENANT_ID !== undefined &&
    new URL(values.GRAPH_AUTHORITY_HOST).hostname.toLowerCase().endsWith('.ciamlogin.com') &&
    !GUID.test(values.GRAPH_TENANT_ID)
  ) {
    // msal-node checks the discovery's issuer, https://<tenant id>.ciamlogin.com/<tenant id>/v2.0,
    // against the authority: only the tenant id in the authority's path passes.
    problems.push({
      path: ['GRAPH_TENANT_ID'],
      message: `must be the tenant id (a GUID) with an External ID authority (${values.GRAPH_AUTHORITY_HOST}); a domain makes Microsoft's issuer check fail (got "${values.GRAPH_TENANT_ID}")`,
    });
  }
  problems.sort((a, b) => ORDER.indexOf(a.path[0]) - ORDER.indexOf(b.path[0]));
  if (!values || !credential.success || problems.length > 0) return { graph: undefined, problems };
  return {
    graph: {
      tenantId: values.GRAPH_TENANT_ID as string,
      clientId: values.GRAPH_CLIENT_ID as string,
      credential: credential.data,
      authorityHost: values.GRAPH_AUTHORITY_HOST,
      baseUrl: values.GRAPH_BASE_URL,
      extensionCelular: values.GRAPH_EXTENSION_CELULAR,
      extensionDataNascimento: values.GRAPH_EXTENSION_DATA_NASCIMENTO,
      csaSet: values.GRAPH_CSA_SET,
      csaBirthDate: values.GRAPH_CSA_BIRTH_DATE,
      timeoutMs: values.GRAPH_TIMEOUT_MS,
      caFile: values.GRAPH_CA_FILE === undefined ? undefined : path.resolve(values.GRAPH_CA_FILE),
      externalId: new URL(values.GRAPH_AUTHORITY_HOST).hostname
        .toLowerCase()
        .endsWith('.ciamlogin.com'),
    },
    problems,
  };
}

export interface DirectoryConfigResult {
  /** The Graph settings when DIRECTORY=graph; undefined for the local directory. */
  graph: GraphDirectoryConfig | undefined;
  /** "VARIABLE message" for every wrong variable. */
  problems: string[];
}

/** The directory's part of Config (index.ts adds the problems to the others'). */
export function readDirectoryConfig(
  env: Record<string, string | undefined>,
): DirectoryConfigResult {
  const kind = directoryEnv.safeParse(env);
  const format = (issue: { path: readonly PropertyKey[]; message: string }) =>
    `${String(issue.path[0])} ${issue.message}`;
  if (!kind.success) return { graph: undefined, problems: kind.error.issues.map(format) };
  if (kind.data.DIRECTORY === 'local') return { graph: undefined, problems: [] };
  const { graph, problems } = readGraphEnv(env);
  return { graph, problems: problems.map(format) };
}
