/**
 * A local stand-in for Microsoft Entra ID's token endpoint and Microsoft Graph v1.0, as far as the
 * Graph directory adapter uses them, on https://127.0.0.1:<port> (node:https with a self-signed
 * certificate that tests trust through `ca`: msal-node only accepts https authorities).
 *
 * Identity side (what msal-node asks for in the client-credentials flow):
 *   GET  /{tenant}/v2.0/.well-known/openid-configuration   the tenant's OpenID metadata
 *   GET  /common/discovery/instance                        instance discovery (msal only calls the
 *                                                          real host; here for completeness)
 *   POST /{tenant}/oauth2/v2.0/token                       client_credentials with client_secret or a
 *                                                          client_assertion (RS256/PS256 JWT signed
 *                                                          by the registered certificate, verified);
 *                                                          the token is a JWT whose `roles` are the
 *                                                          client's application permissions
 * Graph side (each call needs a bearer token this stand-in issued and that has not expired):
 *   GET   /v1.0/users/{id}[?$select=...]    $select semantics (400 BadRequest for a property the
 *                                           tenant does not know, extensions included), extension
 *                                           attributes, custom security attributes; `birthday`
 *                                           refused (403) unless enabled; a user added with
 *                                           `unseenReads` answers 404 that many times first
 *                                           (replication delay)
 *   GET   /v1.0/users?$select=&$top=[&$filter=startswith(..) or ..]   GET /v1.0/organization
 *   PATCH /v1.0/users/{id}                  204; validates properties and the CSA @odata.type;
 *                                           a synced user (`onPremisesSyncEnabled`) refuses the
 *                                           properties the sync owns (400), a privileged
 *                                           administrator (`privilegedAdmin`) its phones (403)
 *   GET   /v1.0/groups/{id}                 the group (404 unknown)
 *   POST  /v1.0/groups/{id}/members/$ref    204; 400 "already exist"; 404 unknown group or member
 *   POST  /v1.0/users/{id}/checkMemberGroups
 * Errors have Graph's shape: {"error": {"code", "message", "innerError": {"date", "request-id",
 * "client-request-id"}}} (token endpoint: OAuth's {"error", "error_description", "error_codes"...}).
 *
 * Throttling (`throttle()`): Graph's published limits of the identity and access service (resource
 * units and writes per application and tenant, ./throttle.ts), or lower ones a test can reach;
 * past them, 429 TooManyRequests with Retry-After, as Graph answers.
 *
 * Faults (`inject`): the next N matching calls answer a status (with Retry-After), hang, lose the
 * connection before or after doing the work, or answer late; `outage()` stops listening (connections
 * refused) until `restore()`. Every call is recorded in `calls` (secrets redacted).
 */
import {
  X509Certificate,
  constants as cryptoConstants,
  createHash,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { createTestCertificate } from './certificate.js';
import {
  PUBLISHED_LIMITS,
  createThrottle,
  requestCost,
  type Throttle,
  type ThrottleLimits,
} from './throttle.js';

export interface StandInUser {
  id: string;
  displayName: string | null;
  mail: string | null;
  mobilePhone: string | null;
  /** ISO date-time; Graph's "unset" is 0001-01-01T00:00:00Z. */
  birthday: string;
  /** Directory extension values by full name (extension_<appId>_Name). */
  extensions: Record<string, unknown>;
  /** Attribute set → attribute → value. */
  customSecurityAttributes: Record<string, Record<string, unknown>>;
  /**
   * Reads that still answer 404 (Entra is eventually consistent: a user created a moment ago is not
   * yet on the replica a read reaches). Each read of the user counts one down.
   */
  unseenReads?: number;
  /**
   * Synced from an on-premises directory: Graph refuses to change the properties the sync masters
   * (name, mail, phones) with 400 Request_BadRequest, whatever the app's permissions.
   */
  onPremisesSyncEnabled?: boolean;
  /**
   * Holds a privileged administrator role: Graph refuses an application's change of the phones
   * (403 Authorization_RequestDenied, "Insufficient privileges to complete the operation.").
   */
  privilegedAdmin?: boolean;
  /** Sign-in identities (External ID): `emailAddress` holds a local account's address. */
  identities?: { signInType: string; issuer: string; issuerAssignedId: string }[];
  otherMails?: string[];
}

export interface StandInGroup {
  id: string;
  displayName: string;
  members: Set<string>;
}

export interface StandInClient {
  clientId: string;
  secret?: string;
  /** PEM certificate whose key signs the client assertions. */
  certificate?: string;
  /**
   * Application permissions granted with admin consent: the `roles` of its tokens (default: the
   * three the adapter needs).
   */
  roles?: string[];
}

export interface GraphStandInOptions {
  tenantId?: string;
  clients?: StandInClient[];
  /** Directory extension names the tenant knows. */
  extensionAttributes?: string[];
  /** Custom security attribute definitions: set → attribute names (all String). */
  customSecurityAttributes?: Record<string, string[]>;
  /** Whether app-only callers may read `birthday` (default false: 403, as without SharePoint). */
  birthdayAvailable?: boolean;
  tokenLifetimeSeconds?: number;
}

export type FaultAction =
  /** Answer this status with an error body (and Retry-After when given). */
  | { type: 'status'; status: number; retryAfter?: string; code?: string; message?: string }
  /** Never answer (until the stand-in closes). */
  | { type: 'hang' }
  /** Drop the connection without doing anything. */
  | { type: 'reset' }
  /** Do the work, then drop the connection instead of answering. */
  | { type: 'reset-after-commit' }
  /** Answer normally after a delay. */
  | { type: 'delay'; ms: number };

export type CallTarget = 'graph' | 'token' | 'metadata';

export interface Fault {
  /** Which endpoints (default 'graph'). */
  target?: CallTarget | 'any';
  method?: string;
  /** Tested against the path (without query). */
  path?: RegExp;
  /** How many matching calls it affects (default 1; Infinity for all). */
  times?: number;
  action: FaultAction;
}

export interface RecordedCall {
  target: CallTarget;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** JSON body, or the token request's form (secrets redacted). */
  body: unknown;
  /** Status answered, or what happened instead. */
  outcome: number | 'hung' | 'reset' | 'pending';
}

export interface GraphStandIn {
  /** https://127.0.0.1:<port>: the authority host and the Graph host. */
  origin: string;
  authorityHost: string;
  /** <origin>/v1.0 */
  baseUrl: string;
  tenantId: string;
  /** The stand-in's certificate (PEM), to trust as a CA. */
  ca: string;
  calls: RecordedCall[];
  graphCalls(): RecordedCall[];
  tokenCalls(): RecordedCall[];
  users: Map<string, StandInUser>;
  groups: Map<string, StandInGroup>;
  addUser(user: Partial<StandInUser> & { id: string }): StandInUser;
  addGroup(id: string, displayName?: string): StandInGroup;
  addClient(client: StandInClient): void;
  inject(fault: Fault): void;
  clearFaults(): void;
  /**
   * The `issuer` its OpenID configuration names (undefined: its own origin's). Another host's is
   * what msal-node refuses (endpoints_resolution_error).
   */
  setIssuer(issuer: string | undefined): void;
  /**
   * Throttles Graph calls at Graph's published rates (or these): 429 with Retry-After past them.
   * `throttle(null)` stops it. `now` is the clock it counts with (default Date.now).
   */
  throttle(limits?: Partial<ThrottleLimits> | null, now?: () => number): void;
  /** Makes every issued token invalid (Graph answers 401 until a new one is obtained). */
  revokeTokens(): void;
  /** Stops listening and drops every connection: calls are refused until `restore()`. */
  outage(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** The application permissions the directory adapter needs. */
export const DEFAULT_ROLES = [
  'User.ReadWrite.All',
  'GroupMember.ReadWrite.All',
  'CustomSecAttributeAssignment.ReadWrite.All',
];
const CSA_WRITE_TYPE = '#Microsoft.DirectoryServices.CustomSecurityAttributeValue';
const CSA_READ_TYPE = '#microsoft.graph.customSecurityAttributeValue';
const UNSET_BIRTHDAY = '0001-01-01T00:00:00Z';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_PROPERTIES = [
  'id',
  'displayName',
  'mail',
  'mobilePhone',
  'birthday',
  'customSecurityAttributes',
  'userPrincipalName',
  'givenName',
  'surname',
  'businessPhones',
  'jobTitle',
  'officeLocation',
  'preferredLanguage',
  'identities',
  'otherMails',
  'onPremisesSyncEnabled',
] as const;
const DEFAULT_SELECT = [
  'businessPhones',
  'displayName',
  'givenName',
  'id',
  'jobTitle',
  'mail',
  'mobilePhone',
  'officeLocation',
  'preferredLanguage',
  'surname',
  'userPrincipalName',
];
/** What the on-premises sync masters for a synced user (lower case). */
const SYNC_MASTERED = ['displayname', 'mail', 'mobilephone', 'businessphones', 'othermails'];
/** What no application may change of a privileged administrator (lower case). */
const ADMIN_PROTECTED = ['mobilephone', 'businessphones', 'othermails'];
const WRITABLE = ['displayName', 'mail', 'mobilePhone', 'birthday'] as const;
const GRAPH_CODES: Record<number, string> = {
  400: 'Request_BadRequest',
  401: 'InvalidAuthenticationToken',
  403: 'Authorization_RequestDenied',
  404: 'Request_ResourceNotFound',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};
const GRAPH_MESSAGES: Record<number, string> = {
  401: 'Access token validation failure. Invalid audience.',
  403: 'Insufficient privileges to complete the operation.',
  429: 'Too many requests. Please try again later.',
  503: 'The service is temporarily unavailable. Please try again later.',
  504: 'The operation timed out.',
};

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

class HttpError extends Error {
  constructor(readonly reply: Reply) {
    super(`stand-in error ${reply.status}`);
  }
}

function base64url(buffer: Buffer): string {
  return buffer.toString('base64url');
}

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function startGraphStandIn(options: GraphStandInOptions = {}): Promise<GraphStandIn> {
  const tls = createTestCertificate({ commonName: 'graph-stand-in' });
  const tenantId = options.tenantId ?? randomUUID();
  const clients = new Map<string, StandInClient>(
    (options.clients ?? []).map((c) => [c.clientId.toLowerCase(), c]),
  );
  const extensionNames = new Map(
    (options.extensionAttributes ?? []).map((name) => [name.toLowerCase(), name]),
  );
  const csaDefinitions = options.customSecurityAttributes ?? {};
  const lifetime = options.tokenLifetimeSeconds ?? 3599;
  const tokens = new Map<string, { clientId: string; expiresAt: number }>();
  const users = new Map<string, StandInUser>();
  const groups = new Map<string, StandInGroup>();
  const faultList: (Fault & { remaining: number })[] = [];
  const calls: RecordedCall[] = [];
  const sockets = new Set<Socket>();
  let origin = '';
  let port = 0;

  const findUser = (id: string) => users.get(id.toLowerCase());
  const findGroup = (id: string) => groups.get(id.toLowerCase());

  // ---- replies -------------------------------------------------------------------------------

  function graphError(
    status: number,
    message?: string,
    code?: string,
    extra?: Record<string, string>,
  ): Reply {
    return {
      status,
      headers: extra ?? {},
      body: {
        error: {
          code: code ?? GRAPH_CODES[status] ?? 'UnknownError',
          message: message ?? GRAPH_MESSAGES[status] ?? 'An error occurred.',
          innerError: {
            date: new Date().toISOString().slice(0, 19),
            'request-id': randomUUID(),
            'client-request-id': randomUUID(),
          },
        },
      },
    };
  }

  function oauthError(status: number, error: string, aadsts: number, description: string): Reply {
    const traceId = randomUUID();
    const correlationId = randomUUID();
    const timestamp = new Date().toISOString().replace('T', ' ').slice(0, 19) + 'Z';
    return {
      status,
      body: {
        error,
        error_description: `AADSTS${aadsts}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
        error_codes: [aadsts],
        timestamp,
        trace_id: traceId,
        correlation_id: correlationId,
        error_uri: `${origin}/error?code=${aadsts}`,
      },
    };
  }

  const notFound = (id: string) =>
    graphError(
      404,
      `Resource '${id}' does not exist or one of its queried reference-property objects are not present.`,
    );

  // ---- identity ------------------------------------------------------------------------------

  function tokenEndpoint(tenant: string) {
    return `${origin}/${tenant}/oauth2/v2.0/token`;
  }

  let issuerOverride: string | undefined;
  let throttling: { throttle: Throttle; now: () => number } | undefined;

  function openIdConfiguration(tenant: string): Reply {
    if (tenant.toLowerCase() !== tenantId.toLowerCase()) {
      return oauthError(400, 'invalid_tenant', 90002, `Tenant '${tenant}' not found.`);
    }
    return {
      status: 200,
      body: {
        token_endpoint: tokenEndpoint(tenant),
        token_endpoint_auth_methods_supported: [
          'client_secret_post',
          'private_key_jwt',
          'client_secret_basic',
        ],
        jwks_uri: `${origin}/${tenant}/discovery/v2.0/keys`,
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        issuer: issuerOverride ?? `${origin}/${tenant}/v2.0`,
        request_uri_parameter_supported: false,
        userinfo_endpoint: `${origin}/oidc/userinfo`,
        authorization_endpoint: `${origin}/${tenant}/oauth2/v2.0/authorize`,
        device_authorization_endpoint: `${origin}/${tenant}/oauth2/v2.0/devicecode`,
        http_logout_supported: true,
        frontchannel_logout_supported: true,
        end_session_endpoint: `${origin}/${tenant}/oauth2/v2.0/logout`,
        claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'tid', 'oid'],
        tenant_region_scope: 'SA',
        cloud_instance_name: 'microsoftonline.com',
        cloud_graph_host_name: 'graph.windows.net',
        msgraph_host: new URL(origin).host,
      },
    };
  }

  function instanceDiscovery(): Reply {
    const host = new URL(origin).host;
    return {
      status: 200,
      body: {
        tenant_discovery_endpoint: `${origin}/${tenantId}/v2.0/.well-known/openid-configuration`,
        'api-version': '1.1',
        metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }],
      },
    };
  }

  function verifyAssertion(jwt: string, client: StandInClient, tenant: string): Reply | undefined {
    const invalid = (aadsts: number, why: string) => oauthError(401, 'invalid_client', aadsts, why);
    if (!client.certificate)
      return invalid(700027, 'No certificate is registered for the application.');
    const [h = '', p = '', s = ''] = jwt.split('.');
    const header = decodeJson(h);
    const payload = decodeJson(p);
    if (!header || !payload || !s) return invalid(50027, 'JWT token is invalid or malformed.');
    const cert = new X509Certificate(client.certificate);
    const sha256 = base64url(createHash('sha256').update(cert.raw).digest());
    const sha1 = base64url(createHash('sha1').update(cert.raw).digest());
    if (header['x5t#S256'] !== sha256 && header.x5t !== sha1) {
      return invalid(
        700027,
        'The certificate with identifier used to sign the client assertion is not registered on application.',
      );
    }
    const alg = header.alg;
    if (alg !== 'RS256' && alg !== 'PS256')
      return invalid(
        5002738,
        `Invalid JWT token. '${String(alg)}' is not a supported signature algorithm.`,
      );
    const signed = verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      alg === 'PS256'
        ? {
            key: cert.publicKey,
            padding: cryptoConstants.RSA_PKCS1_PSS_PADDING,
            saltLength: cryptoConstants.RSA_PSS_SALTLEN_DIGEST,
          }
        : cert.publicKey,
      Buffer.from(s, 'base64url'),
    );
    if (!signed) return invalid(700027, 'Client assertion failed signature validation.');
    const now = Math.floor(Date.now() / 1000);
    if (payload.aud !== tokenEndpoint(tenant))
      return invalid(700016, 'Invalid audience of the client assertion.');
    if (payload.iss !== client.clientId || payload.sub !== client.clientId) {
      return invalid(
        700021,
        "Client assertion application identifier doesn't match 'client_id' parameter.",
      );
    }
    if (
      typeof payload.exp !== 'number' ||
      payload.exp < now ||
      (typeof payload.nbf === 'number' && payload.nbf > now + 300)
    ) {
      return invalid(700024, 'Client assertion is not within its valid time range.');
    }
    return undefined;
  }

  function token(tenant: string, form: URLSearchParams): Reply {
    if (tenant.toLowerCase() !== tenantId.toLowerCase()) {
      return oauthError(400, 'invalid_request', 90002, `Tenant '${tenant}' not found.`);
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return oauthError(
        400,
        'unsupported_grant_type',
        70003,
        'The app requested an unsupported grant type.',
      );
    }
    const clientId = form.get('client_id') ?? '';
    const client = clients.get(clientId.toLowerCase());
    if (!client) {
      return oauthError(
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${clientId}' was not found in the directory '${tenant}'.`,
      );
    }
    const scope = form.get('scope') ?? '';
    const accepted = [`${origin}/.default`, 'https://graph.microsoft.com/.default'];
    if (!scope.split(' ').some((s) => accepted.includes(s))) {
      return oauthError(
        400,
        'invalid_scope',
        1002012,
        `The provided value for scope ${scope} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`,
      );
    }
    const secret = form.get('client_secret');
    const assertion = form.get('client_assertion');
    if (secret !== null) {
      if (!client.secret || secret !== client.secret) {
        return oauthError(
          401,
          'invalid_client',
          7000215,
          'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.',
        );
      }
    } else if (assertion !== null) {
      if (
        form.get('client_assertion_type') !==
        'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
      ) {
        return oauthError(
          400,
          'invalid_request',
          900144,
          "The request body must contain the following parameter: 'client_assertion_type'.",
        );
      }
      const refused = verifyAssertion(assertion, client, tenant);
      if (refused) return refused;
    } else {
      return oauthError(
        401,
        'invalid_client',
        7000218,
        "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
      );
    }
    // Entra's app-only tokens for Graph are JWTs whose `roles` lists the granted application
    // permissions (absent when none is granted); the signature is of no concern to Graph's callers.
    const now = Math.floor(Date.now() / 1000);
    const roles = client.roles ?? DEFAULT_ROLES;
    const accessToken = [
      { typ: 'JWT', alg: 'RS256', kid: 'stand-in' },
      {
        aud: 'https://graph.microsoft.com',
        iss: `https://sts.windows.net/${tenantId}/`,
        iat: now,
        nbf: now,
        exp: now + lifetime,
        app_displayname: 'Centro servidor',
        appid: client.clientId,
        idtyp: 'app',
        oid: randomUUID(),
        ...(roles.length > 0 ? { roles } : {}),
        tid: tenantId,
        ver: '1.0',
        jti: randomUUID(),
      },
    ]
      .map((part) => base64url(Buffer.from(JSON.stringify(part))))
      .concat(base64url(randomBytes(32)))
      .join('.');
    tokens.set(accessToken, { clientId: client.clientId, expiresAt: Date.now() + lifetime * 1000 });
    return {
      status: 200,
      body: {
        token_type: 'Bearer',
        expires_in: lifetime,
        ext_expires_in: lifetime,
        access_token: accessToken,
      },
    };
  }

  // ---- graph ---------------------------------------------------------------------------------

  function authorise(req: IncomingMessage): Reply | undefined {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer (\S+)$/.exec(header);
    const challenge = {
      'www-authenticate': `Bearer realm="", authorization_uri="${origin}/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"`,
    };
    if (!match?.[1]) return graphError(401, 'Access token is empty.', undefined, challenge);
    const issued = tokens.get(match[1]);
    if (!issued)
      return graphError(
        401,
        'Access token validation failure. Invalid audience.',
        undefined,
        challenge,
      );
    if (issued.expiresAt <= Date.now())
      return graphError(
        401,
        'Lifetime validation failed, the token is expired.',
        undefined,
        challenge,
      );
    return undefined;
  }

  function userJson(user: StandInUser, select: string[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of select) {
      switch (name) {
        case 'customSecurityAttributes': {
          const sets = Object.entries(user.customSecurityAttributes).filter(
            ([, v]) => Object.keys(v).length > 0,
          );
          out[name] =
            sets.length === 0
              ? null
              : Object.fromEntries(
                  sets.map(([set, values]) => [set, { '@odata.type': CSA_READ_TYPE, ...values }]),
                );
          break;
        }
        case 'id':
        case 'displayName':
        case 'mail':
        case 'mobilePhone':
        case 'birthday':
          out[name] = user[name];
          break;
        case 'businessPhones':
          out[name] = [];
          break;
        case 'identities':
          out[name] = user.identities ?? [];
          break;
        case 'otherMails':
          out[name] = user.otherMails ?? [];
          break;
        case 'onPremisesSyncEnabled':
          out[name] = user.onPremisesSyncEnabled ? true : null;
          break;
        default: {
          const extension = extensionNames.get(name.toLowerCase());
          if (extension !== undefined) {
            if (user.extensions[extension] !== undefined && user.extensions[extension] !== null) {
              out[extension] = user.extensions[extension];
            }
          } else if (!name.toLowerCase().startsWith('extension_')) {
            out[name] = null;
          }
        }
      }
    }
    return out;
  }

  function parseSelect(query: URLSearchParams): string[] {
    const raw = query.get('$select');
    if (raw === null) return DEFAULT_SELECT;
    const names = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const name of names) {
      const known =
        (USER_PROPERTIES as readonly string[]).some(
          (p) => p.toLowerCase() === name.toLowerCase(),
        ) || extensionNames.has(name.toLowerCase());
      if (!known) {
        // Graph's OData layer refuses the whole request for one unknown property (an extension
        // named with another app's id, or with dashes, included).
        throw new HttpError(
          graphError(
            400,
            `Parsing OData Select and Expand failed: Could not find a property named '${name}' on type 'microsoft.graph.user'.`,
            'BadRequest',
          ),
        );
      }
      if (name.toLowerCase() === 'birthday' && !options.birthdayAvailable) {
        throw new HttpError(
          graphError(
            403,
            'Attempted to perform an unauthorized operation.',
            '-2147024891, System.UnauthorizedAccessException',
          ),
        );
      }
    }
    return names.map((n) => USER_PROPERTIES.find((p) => p.toLowerCase() === n.toLowerCase()) ?? n);
  }

  function patchUser(user: StandInUser, body: unknown): Reply {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return graphError(400, 'Empty Payload. JSON content expected.', 'BadRequest');
    }
    const keys = Object.keys(body).map((k) => k.toLowerCase());
    if (user.onPremisesSyncEnabled && keys.some((k) => SYNC_MASTERED.includes(k))) {
      // Graph's answer for a property the on-premises sync owns (as documented by Microsoft's
      // support threads; the app's permissions do not matter).
      return graphError(
        400,
        'Unable to update the specified properties for on-premises mastered Directory Sync objects or objects currently undergoing migration.',
      );
    }
    if (user.privilegedAdmin && keys.some((k) => ADMIN_PROTECTED.includes(k))) {
      return graphError(403, 'Insufficient privileges to complete the operation.');
    }
    const changes: (() => void)[] = [];
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const writable = WRITABLE.find((p) => p.toLowerCase() === key.toLowerCase());
      const extension = extensionNames.get(key.toLowerCase());
      if (writable) {
        if (value !== null && typeof value !== 'string') {
          return graphError(
            400,
            `Invalid value specified for property '${writable}' of resource 'User'.`,
          );
        }
        changes.push(() => {
          if (writable === 'birthday') user.birthday = value ?? UNSET_BIRTHDAY;
          else user[writable] = value;
        });
      } else if (key.toLowerCase() === 'othermails') {
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
          return graphError(
            400,
            "Invalid value specified for property 'otherMails' of resource 'User'.",
          );
        }
        changes.push(() => {
          user.otherMails = [...(value as string[])];
        });
      } else if (extension) {
        changes.push(() => {
          user.extensions[extension] = value;
        });
      } else if (key === 'customSecurityAttributes') {
        if (!value || typeof value !== 'object') {
          return graphError(
            400,
            "Invalid value specified for property 'customSecurityAttributes' of resource 'User'.",
          );
        }
        for (const [set, attributes] of Object.entries(value as Record<string, unknown>)) {
          const defined = csaDefinitions[set];
          if (!defined) {
            return graphError(
              400,
              `Invalid attribute set '${set}': it is not defined in the tenant.`,
            );
          }
          if (!attributes || typeof attributes !== 'object') {
            return graphError(400, `Invalid value for the attribute set '${set}'.`);
          }
          const entries = Object.entries(attributes as Record<string, unknown>);
          const type = entries.find(([k]) => k === '@odata.type')?.[1];
          if (type !== CSA_WRITE_TYPE) {
            return graphError(
              400,
              `The attribute set '${set}' must have "@odata.type": "${CSA_WRITE_TYPE}".`,
            );
          }
          for (const [attribute, v] of entries) {
            if (attribute === '@odata.type') continue;
            if (!defined.includes(attribute)) {
              return graphError(
                400,
                `Invalid custom security attribute '${attribute}' in the set '${set}'.`,
              );
            }
            if (v !== null && typeof v !== 'string') {
              return graphError(
                400,
                `The custom security attribute '${set}_${attribute}' is a String.`,
              );
            }
            changes.push(() => {
              const values = user.customSecurityAttributes[set] ?? {};
              user.customSecurityAttributes[set] = Object.fromEntries(
                Object.entries({ ...values, [attribute]: v }).filter(([, value]) => value !== null),
              );
            });
          }
        }
      } else {
        return graphError(
          400,
          `Property '${key}' does not exist as a declared property or extension property.`,
        );
      }
    }
    for (const change of changes) change();
    return { status: 204 };
  }

  function addMember(groupId: string, body: unknown): Reply {
    const ref =
      body && typeof body === 'object' ? (body as Record<string, unknown>)['@odata.id'] : undefined;
    const match =
      typeof ref === 'string' ? /\/(?:directoryObjects|users)\/([^/?#]+)$/.exec(ref) : null;
    if (!match?.[1]) {
      return graphError(400, `Invalid object identifier '${String(ref)}'.`);
    }
    const memberId = decodeURIComponent(match[1]);
    const group = findGroup(groupId);
    if (!group) return notFound(groupId);
    const user = findUser(memberId);
    if (!user) return notFound(memberId);
    if (group.members.has(user.id.toLowerCase())) {
      return graphError(
        400,
        "One or more added object references already exist for the following modified properties: 'members'.",
      );
    }
    group.members.add(user.id.toLowerCase());
    return { status: 204 };
  }

  function checkMemberGroups(userId: string, body: unknown): Reply {
    const ids =
      body && typeof body === 'object' ? (body as Record<string, unknown>).groupIds : undefined;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > 20 ||
      !ids.every((id) => typeof id === 'string' && GUID.test(id))
    ) {
      return graphError(400, "Invalid value specified for property 'groupIds'.");
    }
    const user = findUser(userId);
    if (!user) return notFound(userId);
    const value = (ids as string[])
      .filter((id) => findGroup(id)?.members.has(user.id.toLowerCase()))
      .map((id) => id.toLowerCase());
    return {
      status: 200,
      body: { '@odata.context': `${origin}/v1.0/$metadata#Collection(Edm.String)`, value },
    };
  }

  function graph(method: string, segments: string[], query: URLSearchParams, body: unknown): Reply {
    const [collection, id, sub, ref] = segments;
    if (collection === 'users' && id === undefined && method === 'GET') {
      const select = parseSelect(query);
      const top = Number(query.get('$top') ?? '100');
      // $filter: only `startswith(property,'text')` joined by `or` (the staff's people search).
      const prefixes = [
        ...(query.get('$filter') ?? '').matchAll(/startswith\((\w+),'((?:[^']|'')*)'\)/g),
      ].map(([, field = '', prefix = '']) => ({
        field,
        prefix: prefix.replace(/''/g, "'").toLowerCase(),
      }));
      const matches = (u: StandInUser) => {
        if (query.get('$filter') === null) return true;
        const json = userJson(u, [...new Set(prefixes.map((p) => p.field))]);
        return prefixes.some((p) =>
          String(json[p.field] ?? '')
            .toLowerCase()
            .startsWith(p.prefix),
        );
      };
      const value = [...users.values()]
        .filter(matches)
        .slice(0, top)
        .map((u) => userJson(u, select));
      return { status: 200, body: { '@odata.context': `${origin}/v1.0/$metadata#users`, value } };
    }
    if (collection === 'users' && id !== undefined && sub === undefined) {
      const user = findUser(id);
      if (method === 'GET') {
        const select = parseSelect(query);
        if (!user) return notFound(id);
        if (user.unseenReads) {
          user.unseenReads -= 1;
          return notFound(id);
        }
        return {
          status: 200,
          body: {
            '@odata.context': `${origin}/v1.0/$metadata#users/$entity`,
            ...userJson(user, select),
          },
        };
      }
      if (method === 'PATCH') return user ? patchUser(user, body) : notFound(id);
    }
    if (
      collection === 'users' &&
      id !== undefined &&
      sub === 'checkMemberGroups' &&
      method === 'POST'
    ) {
      return checkMemberGroups(id, body);
    }
    if (
      collection === 'groups' &&
      id !== undefined &&
      sub === 'members' &&
      ref === '$ref' &&
      method === 'POST'
    ) {
      return addMember(id, body);
    }
    if (collection === 'groups' && id !== undefined && sub === undefined && method === 'GET') {
      const group = findGroup(id);
      if (!group) return notFound(id);
      return {
        status: 200,
        body: {
          '@odata.context': `${origin}/v1.0/$metadata#groups(id)/$entity`,
          id: group.id,
          ...(query.get('$select') === 'id' ? {} : { displayName: group.displayName }),
        },
      };
    }
    if (collection === 'organization' && method === 'GET') {
      return { status: 200, body: { value: [{ id: tenantId }] } };
    }
    return graphError(
      400,
      `Resource not found for the segment '${segments.at(-1) ?? ''}'.`,
      'BadRequest',
    );
  }

  // ---- plumbing ------------------------------------------------------------------------------

  function takeFault(target: CallTarget, method: string, path: string): FaultAction | undefined {
    const fault = faultList.find(
      (f) =>
        f.remaining > 0 &&
        (f.target === 'any' || (f.target ?? 'graph') === target) &&
        (f.method === undefined || f.method.toUpperCase() === method) &&
        (f.path === undefined || f.path.test(path)),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    return fault.action;
  }

  function faultReply(target: CallTarget, action: Extract<FaultAction, { type: 'status' }>): Reply {
    const headers: Record<string, string> =
      action.retryAfter === undefined ? {} : { 'retry-after': action.retryAfter };
    if (target === 'graph') return graphError(action.status, action.message, action.code, headers);
    const reply = oauthError(
      action.status,
      action.code ?? 'temporarily_unavailable',
      50196,
      action.message ?? 'The server is temporarily unavailable.',
    );
    return { ...reply, headers };
  }

  function send(res: ServerResponse, req: IncomingMessage, reply: Reply) {
    const requestId = randomUUID();
    const headers: Record<string, string> = {
      'request-id': requestId,
      'client-request-id': String(req.headers['client-request-id'] ?? requestId),
      'cache-control': 'no-store',
      ...reply.headers,
    };
    if (reply.body === undefined) {
      res.writeHead(reply.status, headers).end();
    } else {
      res
        .writeHead(reply.status, {
          ...headers,
          'content-type':
            'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8',
        })
        .end(JSON.stringify(reply.body));
    }
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 1024 * 1024) throw new HttpError(graphError(413, 'Request entity too large.'));
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const method = (req.method ?? 'GET').toUpperCase();
    const segments = url.pathname
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
    const target: CallTarget =
      segments[0] === 'v1.0' ? 'graph' : segments[1] === 'oauth2' ? 'token' : 'metadata';
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [
        k.toLowerCase(),
        Array.isArray(v) ? v.join(', ') : String(v),
      ]),
    );
    const call: RecordedCall = {
      target,
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: undefined,
      outcome: 'pending',
    };
    calls.push(call);

    const text = await readBody(req);
    if (target === 'token') {
      const form = Object.fromEntries(new URLSearchParams(text));
      for (const secret of ['client_secret', 'client_assertion']) {
        if (form[secret] !== undefined) form[secret] = '[redacted]';
      }
      call.body = form;
    } else if (text !== '') {
      try {
        call.body = JSON.parse(text) as unknown;
      } catch {
        call.body = text;
      }
    }

    const action = takeFault(target, method, url.pathname);
    if (action?.type === 'hang') {
      call.outcome = 'hung';
      return;
    }
    if (action?.type === 'reset') {
      call.outcome = 'reset';
      req.socket.destroy();
      return;
    }
    if (action?.type === 'delay') await new Promise((resolve) => setTimeout(resolve, action.ms));

    let reply: Reply;
    try {
      const retryAfter =
        target === 'graph' && !action && throttling
          ? throttling.throttle.admit(
              requestCost(method, url.pathname, call.query),
              throttling.now(),
            )
          : undefined;
      if (action?.type === 'status') {
        reply = faultReply(target, action);
      } else if (retryAfter !== undefined) {
        reply = graphError(
          429,
          'Too many requests. Please retry after the delay the Retry-After header gives.',
          'TooManyRequests',
          {
            'retry-after': String(retryAfter),
            'x-ms-throttle-information': 'ResourceUnitLimitExceeded',
          },
        );
      } else if (target === 'token') {
        reply =
          method === 'POST' ? token(segments[0] ?? '', new URLSearchParams(text)) : { status: 405 };
      } else if (target === 'metadata') {
        if (segments[0] === 'common' && segments[1] === 'discovery' && segments[2] === 'instance') {
          reply = instanceDiscovery();
        } else if (
          segments[1] === 'v2.0' &&
          segments[2] === '.well-known' &&
          segments[3] === 'openid-configuration'
        ) {
          reply = openIdConfiguration(segments[0] ?? '');
        } else {
          reply = { status: 404, body: { error: 'not_found' } };
        }
      } else {
        let body: unknown;
        if (text !== '') {
          try {
            body = JSON.parse(text) as unknown;
          } catch {
            throw new HttpError(
              graphError(400, 'Unable to read JSON request payload.', 'BadRequest'),
            );
          }
        }
        reply = authorise(req) ?? graph(method, segments.slice(1), url.searchParams, body);
      }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      reply = error.reply;
    }

    if (action?.type === 'reset-after-commit') {
      call.outcome = 'reset';
      req.socket.destroy();
      return;
    }
    call.outcome = reply.status;
    send(res, req, reply);
  }

  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => undefined);

  function listen(onPort: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (server.listening) {
        resolve();
        return;
      }
      const failed = (error: Error) => reject(error);
      server.once('error', failed);
      server.listen(onPort, '127.0.0.1', () => {
        server.off('error', failed);
        port = (server.address() as AddressInfo).port;
        origin = `https://127.0.0.1:${port}`;
        resolve();
      });
    });
  }

  function stop(): Promise<void> {
    return new Promise((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  }

  await listen(0);

  const standIn: GraphStandIn = {
    get origin() {
      return origin;
    },
    get authorityHost() {
      return origin;
    },
    get baseUrl() {
      return `${origin}/v1.0`;
    },
    tenantId,
    ca: tls.cert,
    calls,
    graphCalls: () => calls.filter((c) => c.target === 'graph'),
    tokenCalls: () => calls.filter((c) => c.target === 'token'),
    users,
    groups,
    addUser(user) {
      const full: StandInUser = {
        displayName: null,
        mail: null,
        mobilePhone: null,
        birthday: UNSET_BIRTHDAY,
        extensions: {},
        customSecurityAttributes: {},
        ...user,
      };
      users.set(user.id.toLowerCase(), full);
      return full;
    },
    addGroup(id, displayName = `Group ${id}`) {
      const group: StandInGroup = { id, displayName, members: new Set() };
      groups.set(id.toLowerCase(), group);
      return group;
    },
    addClient(client) {
      clients.set(client.clientId.toLowerCase(), client);
    },
    inject(fault) {
      faultList.push({ ...fault, remaining: fault.times ?? 1 });
    },
    clearFaults() {
      faultList.length = 0;
    },
    revokeTokens() {
      tokens.clear();
    },
    setIssuer(issuer) {
      issuerOverride = issuer;
    },
    throttle(limits, now = Date.now) {
      throttling =
        limits === null
          ? undefined
          : { throttle: createThrottle({ ...PUBLISHED_LIMITS, ...limits }), now };
    },
    outage: stop,
    restore: () => listen(port),
    close: stop,
  };
  return standIn;
}
