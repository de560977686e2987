/**
 * Start-up check of DIRECTORY=graph, before the server listens: the server's app obtains a token
 * (tenant, client id, credential), the token carries the application permissions the adapter needs
 * (its `roles` claim lists those granted with admin consent), and Graph knows the directory
 * extension names of GRAPH_EXTENSION_* (a `$select` probe: Graph answers 400 for an unknown
 * property, which would otherwise break every read of a person), and the tenant has each course's
 * group (`groupId` in packages/content). Each problem says what to change.
 * An unreachable tenant or Graph is not a problem of the settings: it is logged, and /readyz tells.
 * msal-node reports a discovery document it refuses (an issuer it does not trust for the authority)
 * as it reports an unreachable one (`endpoints_resolution_error`): the check then reads the document
 * itself, and an answer means the settings are wrong.
 */
import { allCourses } from '@centro/content';
import type { GraphDirectoryConfig } from '../../config/directory.js';
import { DirectoryError } from '../directory.js';
import type { DirectoryLogger } from '../directory-logger.js';
import type { GraphClient } from './graph-client.js';
import { TokenError, type TokenSource } from './token-source.js';

/** Application permissions the adapter needs, each with the broader ones that also cover it. */
const PERMISSIONS: readonly { name: string; coveredBy: readonly string[] }[] = [
  { name: 'User.ReadWrite.All', coveredBy: ['Directory.ReadWrite.All'] },
  {
    name: 'GroupMember.ReadWrite.All',
    coveredBy: ['Group.ReadWrite.All', 'Directory.ReadWrite.All'],
  },
];
const CSA_PERMISSION = { name: 'CustomSecAttributeAssignment.ReadWrite.All', coveredBy: [] };

const CONSENT_STEP =
  "in the server's app registration (GRAPH_CLIENT_ID): API permissions → Add a permission → Microsoft Graph → Application permissions, then Grant admin consent (docs/production-entra.md, step 5)";

/** The `roles` claim of a JWT access token; undefined when the token is not a readable JWT. */
export function tokenRoles(token: string): string[] | undefined {
  const payload = token.split('.')[1];
  if (token.split('.').length !== 3 || !payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!claims || typeof claims !== 'object') return undefined;
    const roles = (claims as { roles?: unknown }).roles;
    return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return undefined;
  }
}

function missingPermissions(config: GraphDirectoryConfig, roles: readonly string[]): string[] {
  const needed = config.csaSet ? [...PERMISSIONS, CSA_PERMISSION] : PERMISSIONS;
  return needed
    .filter(({ name, coveredBy }) => ![name, ...coveredBy].some((role) => roles.includes(role)))
    .map(({ name }) => name);
}

/** The GRAPH_EXTENSION_* variables that are set, with their values. */
function extensionSettings(config: GraphDirectoryConfig): [variable: string, name: string][] {
  const settings: [string, string | undefined][] = [
    ['GRAPH_EXTENSION_CELULAR', config.extensionCelular],
    ['GRAPH_EXTENSION_DATA_NASCIMENTO', config.extensionDataNascimento],
  ];
  return settings.filter((entry): entry is [string, string] => entry[1] !== undefined);
}

/** The tenant's OpenID configuration as read without msal: its address and the answer. */
export interface DiscoveryAnswer {
  url: string;
  status: number;
  body: string;
}

function errorCodeOf(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    cause && typeof cause === 'object' ? (cause as { errorCode?: unknown }).errorCode : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The problem with the authority settings when msal-node could not resolve the tenant's endpoints
 * although its discovery document answers; undefined when it does not answer (unreachable).
 */
async function refusedDiscovery(
  config: GraphDirectoryConfig,
  discovery: () => Promise<DiscoveryAnswer>,
): Promise<string | undefined> {
  let answer: DiscoveryAnswer;
  try {
    answer = await discovery();
  } catch {
    return undefined;
  }
  if (answer.status >= 500 || answer.status === 429) return undefined;
  if (answer.status !== 200) {
    return `GRAPH_TENANT_ID: ${answer.url} answered HTTP ${answer.status}: GRAPH_TENANT_ID must be the tenant id (Directory (tenant) ID on the tenant's Overview page) and GRAPH_AUTHORITY_HOST the tenant's authority (https://login.microsoftonline.com, or https://<subdomain>.ciamlogin.com for External ID)`;
  }
  let issuer = '(none)';
  try {
    const parsed = JSON.parse(answer.body) as { issuer?: unknown };
    if (typeof parsed.issuer === 'string') issuer = parsed.issuer;
  } catch {
    // Not JSON: the host is not an Entra authority; said below.
  }
  return `GRAPH_AUTHORITY_HOST=${config.authorityHost}: msal-node refused the tenant's OpenID configuration (endpoints_resolution_error; its issuer is ${issuer}). Use https://login.microsoftonline.com (either tenant kind) or, for External ID, https://<subdomain>.ciamlogin.com with GRAPH_TENANT_ID the tenant id (a GUID), not a domain (docs/production-entra.md, step 5)`;
}

export async function checkGraphDirectory(
  config: GraphDirectoryConfig,
  deps: {
    client: GraphClient;
    tokens: TokenSource;
    logger: DirectoryLogger;
    /** Reads the tenant's OpenID configuration without msal (to tell refused from unreachable). */
    discovery?: () => Promise<DiscoveryAnswer>;
  },
): Promise<string[]> {
  const unreachable = (error: unknown) => {
    deps.logger.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'Microsoft Graph could not be checked at start-up (unreachable); /readyz reports it',
    );
    return [];
  };

  let token: string;
  try {
    token = await deps.tokens.getToken();
  } catch (error) {
    if (error instanceof TokenError && !error.transient) {
      return [
        `GRAPH_CLIENT_ID: Microsoft Entra ID refused the server's app (${error.message}). Check GRAPH_TENANT_ID (the tenant id), GRAPH_CLIENT_ID (the server registration's application id) and its credential (GRAPH_CLIENT_SECRET: the secret's value, not its id; or GRAPH_CERTIFICATE_PATH: a certificate uploaded to that registration)`,
      ];
    }
    if (deps.discovery && errorCodeOf(error) === 'endpoints_resolution_error') {
      const problem = await refusedDiscovery(config, deps.discovery);
      if (problem) return [problem];
    }
    return unreachable(error);
  }

  const problems: string[] = [];
  const roles = tokenRoles(token);
  const missing = roles === undefined ? [] : missingPermissions(config, roles);
  if (missing.length > 0) {
    problems.push(
      `GRAPH_CLIENT_ID: the server's app lacks the application permission${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: add ${missing.length > 1 ? 'them' : 'it'} ${CONSENT_STEP}`,
    );
  }

  const extensions = extensionSettings(config);
  let res;
  try {
    res = await deps.client.call(
      'startupCheck',
      {
        method: 'GET',
        path: '/users',
        query: { $select: ['id', ...extensions.map(([, name]) => name)].join(','), $top: '1' },
      },
      { maxAttempts: 1 },
    );
  } catch (error) {
    if (error instanceof DirectoryError && error.status === 503)
      return [...problems, ...unreachable(error)];
    throw error;
  }
  if (res.status === 400) {
    const message = res.error?.message ?? '';
    const unknown = extensions.filter(([, name]) =>
      message.toLowerCase().includes(name.toLowerCase()),
    );
    for (const [variable, name] of unknown.length > 0 ? unknown : extensions) {
      const attribute = name.replace(/^extension_[0-9a-f]{32}_/i, '');
      problems.push(
        `${variable}=${name}: Microsoft Graph knows no such user property (${res.error?.code ?? 'BadRequest'}: ${message}). Use extension_<application (client) id of b2c-extensions-app, without dashes>_${attribute}: App registrations → All applications → "b2c-extensions-app. Do not modify. Used by AADB2C for storing user data." (External ID: define the custom attribute ${attribute} and collect it in the user flow first)`,
      );
    }
  } else if (res.status === 401 || res.status === 403) {
    if (missing.length === 0) {
      problems.push(
        `GRAPH_CLIENT_ID: Microsoft Graph refused to list users (${res.status} ${res.error?.code ?? ''}): grant User.ReadWrite.All ${CONSENT_STEP}`,
      );
    }
  } else if (!res.ok) {
    return [...problems, ...unreachable(new Error(`HTTP ${res.status}`))];
  }
  if (missing.length > 0) return problems;
  return [...problems, ...(await missingCourseGroups(deps.client))];
}

/** The courses whose group (`groupId` in packages/content) the tenant does not have. */
async function missingCourseGroups(client: GraphClient): Promise<string[]> {
  const courses = allCourses();
  const answers = await Promise.all(
    courses.map((course) =>
      client
        .call(
          'startupCheckGroup',
          {
            method: 'GET',
            path: `/groups/${encodeURIComponent(course.groupId)}`,
            query: { $select: 'id' },
          },
          { maxAttempts: 1 },
        )
        .then((res) => res.status)
        .catch(() => undefined),
    ),
  );
  const unknown = courses.filter((_, i) => answers[i] === 404);
  if (unknown.length === 0) return [];
  return [
    `packages/content: the tenant has no group ${unknown.map((c) => `${c.groupId} (${c.slug})`).join(', ')}: create one security group per course (docs/production-entra.md, step 5) and put its object id in the course's groupId`,
  ];
}
