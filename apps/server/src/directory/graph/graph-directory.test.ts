/**
 * The Graph adapter against the local stand-in of Entra ID and Microsoft Graph: the real msal-node
 * client-credentials flow (secret and certificate) over TLS, every operation, and the faults:
 * throttling with Retry-After, 503/504, timeouts, an outage, a connection lost after the work was
 * done, refusals (401, 403) and unknown users and groups.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/index.js';
import { createTestCertificate } from '../../../tests/support/graph-stand-in/certificate.js';
import {
  type GraphStandIn,
  startGraphStandIn,
} from '../../../tests/support/graph-stand-in/stand-in.js';
import { createDirectory } from '../create-directory.js';
import { type GraphDirectoryConfig, readDirectoryConfig } from '../../config/directory.js';
import type { DirectoryLogger } from '../directory-logger.js';
import {
  type Directory,
  DirectoryError,
  DirectoryProtectedFieldError,
  DirectoryGroupNotFoundError,
  DirectoryUserNotFoundError,
} from '../directory.js';
import { createGraphDirectory, type GraphDirectoryHandle } from './create-graph-directory.js';
import { CSA_ODATA_TYPE } from './graph-directory.js';

const CLIENT_ID = randomUUID();
const SECRET = `s3cr3t-${randomUUID()}`;
const EXT = 'extension_0123456789abcdef0123456789abcdef';
const EXT_CELULAR = `${EXT}_Celular`;
const EXT_DATA = `${EXT}_DataNascimento`;
const GROUP = '00000000-0000-4000-8000-000000000101';
const OTHER_GROUP = '00000000-0000-4000-8000-000000000102';

let standIn: GraphStandIn;
let dir: string;
let caFile: string;
const handles: GraphDirectoryHandle[] = [];

interface LogEntry {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

function capturingLogger(entries: LogEntry[]): DirectoryLogger {
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => {
    entries.push({ level, fields, message });
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

function env(
  overrides: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    DIRECTORY: 'graph',
    GRAPH_TENANT_ID: standIn.tenantId,
    GRAPH_CLIENT_ID: CLIENT_ID,
    GRAPH_CLIENT_SECRET: SECRET,
    GRAPH_AUTHORITY_HOST: standIn.authorityHost,
    GRAPH_BASE_URL: standIn.baseUrl,
    GRAPH_EXTENSION_CELULAR: EXT_CELULAR,
    GRAPH_EXTENSION_DATA_NASCIMENTO: EXT_DATA,
    GRAPH_CSA_SET: 'Centro',
    GRAPH_CSA_BIRTH_DATE: 'DataNascimento',
    GRAPH_TIMEOUT_MS: '2000',
    GRAPH_CA_FILE: caFile,
    ...overrides,
  };
}

function config(overrides: Record<string, string | undefined> = {}): GraphDirectoryConfig {
  const { graph, problems } = readDirectoryConfig(env(overrides));
  if (!graph) throw new Error(problems.join('\n'));
  return graph;
}

interface Opened {
  directory: Directory;
  waits: number[];
  logs: LogEntry[];
}

/** A fresh adapter (fresh msal cache); waits between attempts are recorded, not spent. */
async function open(
  overrides: Record<string, string | undefined> = {},
  options: {
    realSleep?: boolean;
    retry?: { maxAttempts?: number; budgetMs?: number };
    /** Also called with each wait (e.g. to move the stand-in's throttling clock). */
    onSleep?: (ms: number) => void;
    /** Settings no variable gives here (the stand-in is not at *.ciamlogin.com). */
    config?: Partial<GraphDirectoryConfig>;
  } = {},
): Promise<Opened> {
  const waits: number[] = [];
  const logs: LogEntry[] = [];
  const handle = await createGraphDirectory(
    { ...config(overrides), ...options.config },
    {
      logger: capturingLogger(logs),
      random: () => 1,
      ...(options.realSleep
        ? {}
        : {
            sleep: async (ms: number) => {
              waits.push(ms);
              options.onSleep?.(ms);
            },
          }),
      ...(options.retry ? { retry: options.retry } : {}),
    },
  );
  handles.push(handle);
  return { directory: handle.directory, waits, logs };
}

function newUser() {
  return standIn.addUser({
    id: randomUUID(),
    displayName: 'Maria da Silva',
    mail: 'maria@example.org',
    mobilePhone: '+55 11 91234-5678',
    extensions: { [EXT_CELULAR]: '+55 11 98765-4321', [EXT_DATA]: '01/02/1990' },
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a failure'),
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  standIn = await startGraphStandIn({
    clients: [{ clientId: CLIENT_ID, secret: SECRET }],
    extensionAttributes: [EXT_CELULAR, EXT_DATA],
    customSecurityAttributes: { Centro: ['DataNascimento'] },
  });
  standIn.addGroup(GROUP, 'Conheça o Espiritismo');
  standIn.addGroup(OTHER_GROUP, 'Nosso Lar');
  dir = await mkdtemp(path.join(tmpdir(), 'graph-directory-'));
  caFile = path.join(dir, 'stand-in-ca.pem');
  await writeFile(caFile, standIn.ca);
});

afterEach(async () => {
  standIn.clearFaults();
  standIn.calls.length = 0;
  await standIn.restore().catch(() => undefined);
});

afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the app-only token (msal-node, client credentials)', () => {
  it('is obtained once from the authority, then sent as a bearer token on every call', async () => {
    const { directory } = await open();
    const user = newUser();
    await directory.getUser(user.id);
    await directory.updateUser(user.id, 'displayName', 'Maria Souza');

    const metadata = standIn.calls.filter((c) => c.target === 'metadata');
    expect(metadata.map((c) => c.path)).toEqual([
      `/${standIn.tenantId}/v2.0/.well-known/openid-configuration`,
    ]);
    const tokenCalls = standIn.tokenCalls();
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]).toMatchObject({
      method: 'POST',
      path: `/${standIn.tenantId}/oauth2/v2.0/token`,
      outcome: 200,
      body: {
        grant_type: 'client_credentials',
        client_id: CLIENT_ID,
        scope: `${standIn.origin}/.default`,
        client_secret: '[redacted]',
      },
    });
    const graphCalls = standIn.graphCalls();
    expect(graphCalls.length).toBeGreaterThanOrEqual(2);
    for (const call of graphCalls) {
      expect(call.headers.authorization).toMatch(/^Bearer [\w-]{20,}(\.[\w-]+){2}$/);
    }
    expect(new Set(graphCalls.map((c) => c.headers.authorization)).size).toBe(1);
  });

  it('asks for the Graph scope of the configured base URL', async () => {
    const { graphScope } = await import('./create-graph-directory.js');
    expect(graphScope('https://graph.microsoft.com/v1.0')).toBe(
      'https://graph.microsoft.com/.default',
    );
    expect(graphScope('https://graph.microsoft.us/v1.0')).toBe(
      'https://graph.microsoft.us/.default',
    );
  });

  it('is renewed once when Graph no longer accepts it (401)', async () => {
    const { directory } = await open();
    const user = newUser();
    await directory.getUser(user.id);
    standIn.revokeTokens();
    expect((await directory.getUser(user.id))?.id).toBe(user.id);
    expect(standIn.tokenCalls()).toHaveLength(2);
  });

  it('works with a certificate (client assertion signed with the private key, SHA-256 thumbprint)', async () => {
    const clientId = randomUUID();
    const certificate = createTestCertificate({ commonName: 'centro-graph-client' });
    standIn.addClient({ clientId, certificate: certificate.cert });
    const file = path.join(dir, `${clientId}.pem`);
    await writeFile(file, `${certificate.key}${certificate.cert}`);
    const { directory } = await open({
      GRAPH_CLIENT_ID: clientId,
      GRAPH_CLIENT_SECRET: undefined,
      GRAPH_CERTIFICATE_PATH: file,
      GRAPH_CERTIFICATE_SEND_X5C: 'true',
    });
    const user = newUser();
    expect((await directory.getUser(user.id))?.displayName).toBe('Maria da Silva');
    expect(standIn.tokenCalls()[0]).toMatchObject({
      outcome: 200,
      body: {
        client_id: clientId,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: '[redacted]',
      },
    });
    expect(standIn.tokenCalls()[0]?.body).not.toHaveProperty('client_secret');
  });

  it('works with a key-only file and a SHA-1 thumbprint', async () => {
    const clientId = randomUUID();
    const certificate = createTestCertificate();
    standIn.addClient({ clientId, certificate: certificate.cert });
    const file = path.join(dir, `${clientId}.key.pem`);
    await writeFile(file, certificate.key);
    const { directory } = await open({
      GRAPH_CLIENT_ID: clientId,
      GRAPH_CLIENT_SECRET: undefined,
      GRAPH_CERTIFICATE_PATH: file,
      GRAPH_CERTIFICATE_THUMBPRINT: certificate.sha1.toUpperCase(),
    });
    await expect(directory.ping()).resolves.toBeUndefined();
  });

  it('stops the start-up with a clear message when the certificate file is wrong', async () => {
    const certificate = createTestCertificate();
    const other = createTestCertificate();
    const cases: [string, string, Record<string, string>][] = [
      ['missing.pem', '', {}],
      ['cert-only.pem', certificate.cert, {}],
      ['key-only.pem', certificate.key, {}],
      ['mismatch.pem', `${other.key}${certificate.cert}`, {}],
      [
        'thumbprint.pem',
        `${certificate.key}${certificate.cert}`,
        { GRAPH_CERTIFICATE_THUMBPRINT: other.sha256 },
      ],
    ];
    const messages: string[] = [];
    for (const [name, content, extra] of cases) {
      const file = path.join(dir, name);
      if (content) await writeFile(file, content);
      const cfg = config({
        GRAPH_CLIENT_SECRET: undefined,
        GRAPH_CERTIFICATE_PATH: file,
        ...extra,
      });
      const error = await failure(createDirectory({ graph: cfg }, undefined as never));
      expect(error).toBeInstanceOf(ConfigError);
      messages.push(...(error as ConfigError).problems);
    }
    expect(messages).toEqual([
      'GRAPH_CERTIFICATE_PATH cannot be read (ENOENT).',
      'GRAPH_CERTIFICATE_PATH holds no PEM private key.',
      'GRAPH_CERTIFICATE_PATH holds no certificate: add it to the file or set GRAPH_CERTIFICATE_THUMBPRINT.',
      'GRAPH_CERTIFICATE_PATH: the private key does not belong to the certificate.',
      'GRAPH_CERTIFICATE_THUMBPRINT is not the thumbprint of the certificate in GRAPH_CERTIFICATE_PATH.',
    ]);
  });

  it('is what createDirectory builds for DIRECTORY=graph, from the environment', async () => {
    const logs: LogEntry[] = [];
    const adapter = await createDirectory(loadConfig(env()), undefined as never, {
      logger: capturingLogger(logs),
    });
    try {
      expect(adapter.kind).toBe('graph');
      await adapter.ping();
      expect(standIn.graphCalls()).toHaveLength(1);
      expect(logs).toContainEqual({
        level: 'info',
        fields: {
          directory: 'graph',
          authorityHost: standIn.authorityHost,
          baseUrl: standIn.baseUrl,
          credential: 'secret',
        },
        message: 'Directory ready',
      });
    } finally {
      await adapter.close();
    }
  });

  it('refused credentials are a 502 (misconfiguration), without retrying or calling Graph', async () => {
    const { directory, logs } = await open({ GRAPH_CLIENT_SECRET: 'wrong' });
    const error = await failure(directory.getUser(randomUUID()));
    expect(error).toBeInstanceOf(DirectoryError);
    expect((error as DirectoryError).status).toBe(502);
    expect(standIn.tokenCalls()).toHaveLength(1);
    expect(standIn.tokenCalls()[0]?.outcome).toBe(401);
    expect(standIn.graphCalls()).toHaveLength(0);
    expect(logs.some((l) => l.level === 'error' && /User\.ReadWrite\.All/.test(l.message))).toBe(
      true,
    );
  });

  it('an unavailable token endpoint is a 503', async () => {
    const { directory } = await open();
    standIn.inject({ target: 'token', times: Infinity, action: { type: 'status', status: 503 } });
    const error = await failure(directory.getUser(randomUUID()));
    expect(error).toMatchObject({ name: 'DirectoryError', status: 503 });
    expect(standIn.graphCalls()).toHaveLength(0);
  });
});

describe('operations', () => {
  let directory: Directory;
  beforeAll(async () => {
    ({ directory } = await open());
  });

  it('getUser selects the profile, the extensions and the security attributes, and maps them', async () => {
    const user = newUser();
    user.customSecurityAttributes = { Centro: { DataNascimento: '01/02/1990' } };
    expect(await directory.getUser(user.id)).toEqual({
      id: user.id,
      displayName: 'Maria da Silva',
      mail: 'maria@example.org',
      mobilePhone: '+55 11 91234-5678',
      birthday: null,
      extensionCelular: '+55 11 98765-4321',
      extensionDataNascimento: '01/02/1990',
      dataNascimento: '01/02/1990',
    });
    const main = standIn.graphCalls().find((c) => c.query.$select?.includes('displayName'));
    expect(main).toMatchObject({ method: 'GET', path: `/v1.0/users/${user.id}`, outcome: 200 });
    expect(main?.query.$select?.split(',')).toEqual([
      'id',
      'displayName',
      'mail',
      'identities',
      'otherMails',
      'mobilePhone',
      EXT_CELULAR,
      EXT_DATA,
      'customSecurityAttributes',
    ]);
  });

  it("findUsers asks Graph for names and e-mails beginning with the text, quotes escaped (staff's 'Liberar inscrição')", async () => {
    const joana = standIn.addUser({
      id: randomUUID(),
      displayName: "Joana D'Arc Prado",
      mail: 'joana.prado@example.org',
    });
    standIn.addUser({ id: randomUUID(), displayName: 'Outra Pessoa', mail: 'outra@example.org' });
    expect(await directory.findUsers("joana d'arc", 20)).toEqual([
      { id: joana.id, displayName: "Joana D'Arc Prado", mail: 'joana.prado@example.org' },
    ]);
    expect((await directory.findUsers('JOANA.PRADO@', 20)).map((u) => u.id)).toEqual([joana.id]);
    const call = standIn.graphCalls().find((c) => c.query.$filter !== undefined);
    expect(call?.query).toMatchObject({
      $filter: "startswith(displayName,'joana d''arc') or startswith(mail,'joana d''arc')",
      $select: 'id,displayName,mail',
      $top: '20',
    });
  });

  it('getUser answers null fields for what the user lacks, and null for an unknown user', async () => {
    const bare = standIn.addUser({ id: randomUUID() });
    expect(await directory.getUser(bare.id)).toEqual({
      id: bare.id,
      displayName: null,
      mail: null,
      mobilePhone: null,
      birthday: null,
      extensionCelular: null,
      extensionDataNascimento: null,
      dataNascimento: null,
    });
    expect(await directory.getUser(randomUUID())).toBeNull();
  });

  it('getUser stops asking for the birthday once Graph refuses it to the app', async () => {
    const { directory: fresh, logs } = await open();
    const user = newUser();
    await fresh.getUser(user.id);
    await fresh.getUser(user.id);
    const birthdayCalls = standIn.graphCalls().filter((c) => c.query.$select === 'birthday');
    expect(birthdayCalls.map((c) => c.outcome)).toEqual([403]);
    expect(logs.filter((l) => /birthday/.test(l.message))).toHaveLength(1);
  });

  it('getUser reads the birthday where Graph gives it (and treats 0001-01-01 as unset)', async () => {
    const other = await startGraphStandIn({
      tenantId: standIn.tenantId,
      clients: [{ clientId: CLIENT_ID, secret: SECRET }],
      birthdayAvailable: true,
      extensionAttributes: [EXT_CELULAR, EXT_DATA],
      customSecurityAttributes: { Centro: ['DataNascimento'] },
    });
    try {
      const otherCa = path.join(dir, 'other-ca.pem');
      await writeFile(otherCa, other.ca);
      const { directory: there } = await open({
        GRAPH_AUTHORITY_HOST: other.authorityHost,
        GRAPH_BASE_URL: other.baseUrl,
        GRAPH_CA_FILE: otherCa,
      });
      const withBirthday = other.addUser({ id: randomUUID(), birthday: '1990-02-01T00:00:00Z' });
      const without = other.addUser({ id: randomUUID() });
      expect((await there.getUser(withBirthday.id))?.birthday).toBe('1990-02-01T00:00:00Z');
      expect((await there.getUser(without.id))?.birthday).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('updateUser PATCHes the one field (204)', async () => {
    const user = newUser();
    await directory.updateUser(user.id, 'mobilePhone', '+55 21 99876-5432');
    await directory.updateUser(user.id, 'mail', 'maria.souza@example.org');
    await directory.updateUser(user.id, 'displayName', 'Maria Souza');
    const patches = standIn.graphCalls().filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => [c.path, c.body, c.outcome])).toEqual([
      [`/v1.0/users/${user.id}`, { mobilePhone: '+55 21 99876-5432' }, 204],
      [`/v1.0/users/${user.id}`, { mail: 'maria.souza@example.org' }, 204],
      [`/v1.0/users/${user.id}`, { displayName: 'Maria Souza' }, 204],
    ]);
    expect(patches[0]?.headers['content-type']).toBe('application/json');
    expect(user).toMatchObject({
      mobilePhone: '+55 21 99876-5432',
      mail: 'maria.souza@example.org',
      displayName: 'Maria Souza',
    });
  });

  it('setBirthDate PATCHes the custom security attribute with its @odata.type, as a string', async () => {
    const user = newUser();
    await directory.setBirthDate(user.id, '15/08/1985');
    const patch = standIn.graphCalls().find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({
      customSecurityAttributes: {
        Centro: {
          '@odata.type': '#Microsoft.DirectoryServices.CustomSecurityAttributeValue',
          DataNascimento: '15/08/1985',
        },
      },
    });
    expect(CSA_ODATA_TYPE).toBe('#Microsoft.DirectoryServices.CustomSecurityAttributeValue');
    expect(patch?.outcome).toBe(204);
    expect((await directory.getUser(user.id))?.dataNascimento).toBe('15/08/1985');
  });

  it('without a security attribute, keeps the birth date in the DataNascimento extension (External ID)', async () => {
    const { directory: external } = await open({
      GRAPH_CSA_SET: undefined,
      GRAPH_CSA_BIRTH_DATE: undefined,
    });
    const user = newUser();
    await external.setBirthDate(user.id, '15/08/1985');
    const patch = standIn.graphCalls().find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ [EXT_DATA]: '15/08/1985' });
    const read = standIn.graphCalls().filter((c) => c.method === 'GET');
    const details = await external.getUser(user.id);
    expect(details).toMatchObject({
      dataNascimento: '15/08/1985',
      extensionDataNascimento: '15/08/1985',
    });
    const select = standIn
      .graphCalls()
      .slice(read.length)
      .map((c) => c.query.$select ?? '')
      .join(' ');
    expect(select).toContain(EXT_DATA);
    expect(select).not.toContain('customSecurityAttributes');
  });

  it('updating an unknown user is DirectoryUserNotFoundError', async () => {
    const id = randomUUID();
    await expect(directory.updateUser(id, 'mail', 'a@example.org')).rejects.toBeInstanceOf(
      DirectoryUserNotFoundError,
    );
    await expect(directory.setBirthDate(id, '01/01/2000')).rejects.toBeInstanceOf(
      DirectoryUserNotFoundError,
    );
  });

  it('addToGroup posts the member reference; "already a member" counts as success', async () => {
    const user = newUser();
    expect(await directory.isMember(GROUP, user.id)).toBe(false);
    await directory.addToGroup(GROUP, user.id);
    await directory.addToGroup(GROUP, user.id);
    const posts = standIn.graphCalls().filter((c) => c.path.endsWith('/members/$ref'));
    expect(posts.map((c) => c.outcome)).toEqual([204, 400]);
    expect(posts[0]).toMatchObject({
      method: 'POST',
      path: `/v1.0/groups/${GROUP}/members/$ref`,
      body: { '@odata.id': `${standIn.baseUrl}/directoryObjects/${user.id}` },
    });
    expect(standIn.groups.get(GROUP)?.members.has(user.id)).toBe(true);
    expect(await directory.isMember(GROUP, user.id)).toBe(true);
    expect(await directory.isMember(GROUP.toUpperCase(), user.id)).toBe(true);
    expect(await directory.isMember(OTHER_GROUP, user.id)).toBe(false);
    const check = standIn.graphCalls().find((c) => c.path.endsWith('/checkMemberGroups'));
    expect(check).toMatchObject({
      method: 'POST',
      path: `/v1.0/users/${user.id}/checkMemberGroups`,
      body: { groupIds: [GROUP] },
      outcome: 200,
    });
  });

  it('addToGroup tells an unknown user from an unknown group (a 502: content and tenant disagree)', async () => {
    const user = newUser();
    await expect(directory.addToGroup(GROUP, randomUUID())).rejects.toBeInstanceOf(
      DirectoryUserNotFoundError,
    );
    const error = await failure(directory.addToGroup(randomUUID(), user.id));
    expect(error).toBeInstanceOf(DirectoryGroupNotFoundError);
    expect((error as DirectoryError).status).toBe(502);
  });

  it('isMember is false for an unknown user', async () => {
    expect(await directory.isMember(GROUP, randomUUID())).toBe(false);
  });

  it('ping reads one user id', async () => {
    await expect(directory.ping()).resolves.toBeUndefined();
    expect(standIn.graphCalls()[0]).toMatchObject({
      path: '/v1.0/users',
      query: { $select: 'id', $top: '1' },
      outcome: 200,
    });
  });
});

describe('faults', () => {
  it('429 with Retry-After: waits as long as asked, then succeeds', async () => {
    const { directory } = await open({}, { realSleep: true });
    const user = newUser();
    await directory.ping(); // token and connection ready
    standIn.calls.length = 0;
    standIn.inject({ method: 'PATCH', action: { type: 'status', status: 429, retryAfter: '1' } });
    const started = performance.now();
    await directory.updateUser(user.id, 'displayName', 'Ana');
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(3000);
    expect(standIn.graphCalls().map((c) => c.outcome)).toEqual([429, 204]);
    expect(user.displayName).toBe('Ana');
  });

  it('429 with Retry-After as an HTTP date, and several times: each wait as asked', async () => {
    const { directory, waits } = await open();
    const user = newUser();
    const date = new Date(Date.now() + 3000).toUTCString();
    standIn.inject({ action: { type: 'status', status: 429, retryAfter: '2' } });
    standIn.inject({ action: { type: 'status', status: 429, retryAfter: date } });
    await directory.addToGroup(GROUP, user.id);
    expect(waits[0]).toBe(2000);
    expect(waits[1]).toBeGreaterThan(1000);
    expect(waits[1]).toBeLessThanOrEqual(3000);
    expect(standIn.graphCalls().map((c) => c.outcome)).toEqual([429, 429, 204]);
  });

  it('429 asking for longer than the budget allows: gives up at once with a 503', async () => {
    const { directory, waits } = await open();
    standIn.inject({ method: 'PATCH', action: { type: 'status', status: 429, retryAfter: '60' } });
    const error = await failure(directory.updateUser(newUser().id, 'displayName', 'Ana'));
    expect(error).toMatchObject({ name: 'DirectoryError', status: 503 });
    expect((error as Error).message).toMatch(/Retry-After 60 s/);
    expect(waits).toEqual([]);
  });

  it("Graph's write quota reached (the stand-in's throttling): waits for Retry-After, then writes", async () => {
    // The published quota (3,000 writes per 150 s per app and tenant) lowered to 2 per 3 s, on a
    // clock that the adapter's waits move.
    let clock = 0;
    const { directory, waits } = await open({}, { onSleep: (ms) => (clock += ms) });
    standIn.throttle({ writes: 2, writeWindowMs: 3_000 }, () => clock);
    try {
      const people = [newUser(), newUser(), newUser()];
      for (const person of people) await directory.addToGroup(GROUP, person.id);
      const posts = standIn.graphCalls().filter((c) => c.path.endsWith('/members/$ref'));
      expect(posts.map((c) => c.outcome)).toEqual([204, 204, 429, 204]);
      expect(waits).toEqual([3000]);
      for (const person of people)
        expect(standIn.groups.get(GROUP)?.members.has(person.id)).toBe(true);
      // Reads are not writes: they go on (resource units are far from their quota).
      expect(await directory.isMember(GROUP, people[0]?.id ?? '')).toBe(true);
    } finally {
      standIn.throttle(null);
    }
  });

  it('503 then success: retried after a backoff', async () => {
    const { directory, waits } = await open();
    const user = newUser();
    await directory.getUser(user.id);
    standIn.calls.length = 0;
    standIn.inject({ path: /members/, action: { type: 'status', status: 503 } });
    standIn.inject({ path: /members/, action: { type: 'status', status: 504 } });
    await directory.addToGroup(OTHER_GROUP, user.id);
    expect(waits).toEqual([250, 500]);
    expect(standIn.graphCalls().map((c) => c.outcome)).toEqual([503, 504, 204]);
  });

  it('retries exhausted: DirectoryError 503 after three attempts', async () => {
    const { directory, waits, logs } = await open();
    standIn.inject({ times: Infinity, action: { type: 'status', status: 503 } });
    const error = await failure(
      directory.ping().then(() => directory.isMember(GROUP, randomUUID())),
    );
    expect(error).toBeInstanceOf(DirectoryError);
    expect((error as DirectoryError).status).toBe(503);
    // ping tries once; isMember three times.
    expect(standIn.graphCalls()).toHaveLength(1);
    standIn.calls.length = 0;
    const again = await failure(directory.isMember(GROUP, randomUUID()));
    expect(again).toMatchObject({ status: 503 });
    expect(standIn.graphCalls().map((c) => c.outcome)).toEqual([503, 503, 503]);
    expect(waits).toEqual([250, 500]);
    expect(logs.some((l) => l.message === 'Microsoft Graph call gave up')).toBe(true);
  });

  it('a call that never answers times out and is a 503', async () => {
    const { directory } = await open({ GRAPH_TIMEOUT_MS: '200' });
    await directory.ping();
    standIn.calls.length = 0;
    standIn.inject({ times: Infinity, action: { type: 'hang' } });
    const started = performance.now();
    const error = await failure(directory.getUser(randomUUID()));
    expect(error).toMatchObject({ name: 'DirectoryError', status: 503 });
    expect((error as Error).message).toMatch(/timeout/);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(
      standIn
        .graphCalls()
        .filter((c) => c.query.$select !== 'birthday')
        .map((c) => c.outcome),
    ).toEqual(['hung', 'hung', 'hung']);
  });

  it('a timeout is retried: the next attempt succeeds', async () => {
    const { directory } = await open({ GRAPH_TIMEOUT_MS: '200' });
    const user = newUser();
    await directory.ping();
    standIn.inject({ method: 'PATCH', action: { type: 'hang' } });
    await directory.setBirthDate(user.id, '02/03/1970');
    expect(user.customSecurityAttributes.Centro?.DataNascimento).toBe('02/03/1970');
  });

  it('an outage (connections refused) is a 503; the next call after it ends succeeds', async () => {
    const { directory } = await open();
    const user = newUser();
    await directory.getUser(user.id);
    await standIn.outage();
    const error = await failure(directory.getUser(user.id));
    expect(error).toMatchObject({ name: 'DirectoryError', status: 503 });
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    await standIn.restore();
    expect((await directory.getUser(user.id))?.id).toBe(user.id);
  });

  it('an outage before the first token is a 503 too', async () => {
    const { directory } = await open();
    await standIn.outage();
    const error = await failure(directory.ping());
    expect(error).toMatchObject({ name: 'DirectoryError', status: 503 });
  });

  it('connection lost after Graph added the member: the retry finds "already a member" and succeeds', async () => {
    const { directory } = await open();
    const user = newUser();
    standIn.inject({ path: /members/, action: { type: 'reset-after-commit' } });
    await directory.addToGroup(GROUP, user.id);
    const posts = standIn.graphCalls().filter((c) => c.path.endsWith('/members/$ref'));
    expect(posts.map((c) => c.outcome)).toEqual(['reset', 400]);
    expect(
      [...(standIn.groups.get(GROUP)?.members ?? [])].filter((m) => m === user.id),
    ).toHaveLength(1);
    expect(await directory.isMember(GROUP, user.id)).toBe(true);
  });

  it('connection lost before Graph did anything: retried', async () => {
    const { directory } = await open();
    const user = newUser();
    standIn.inject({ method: 'PATCH', action: { type: 'reset' } });
    await directory.updateUser(user.id, 'mail', 'novo@example.org');
    expect(user.mail).toBe('novo@example.org');
  });

  it('403 (permissions) is a 502, not retried, logged with a hint and without personal data', async () => {
    const { directory, logs } = await open();
    const user = newUser();
    standIn.inject({ method: 'PATCH', action: { type: 'status', status: 403 } });
    const error = await failure(directory.setBirthDate(user.id, '15/08/1985'));
    expect(error).toBeInstanceOf(DirectoryError);
    expect((error as DirectoryError).status).toBe(502);
    expect(standIn.graphCalls().filter((c) => c.method === 'PATCH')).toHaveLength(1);
    const entry = logs.find((l) => l.level === 'error');
    expect(entry?.fields).toMatchObject({
      operation: 'setBirthDate',
      status: 403,
      code: 'Authorization_RequestDenied',
    });
    expect(entry?.message).toMatch(/CustomSecAttributeAssignment\.ReadWrite\.All/);
  });

  it('403 on a mobilePhone change is the protected account of a privileged administrator', async () => {
    const { directory, logs } = await open();
    const user = newUser();
    standIn.inject({ method: 'PATCH', action: { type: 'status', status: 403 } });
    const error = await failure(directory.updateUser(user.id, 'mobilePhone', '+55 21 99876-5432'));
    expect(error).toBeInstanceOf(DirectoryProtectedFieldError);
    expect(error).toMatchObject({ field: 'mobilePhone' });
    expect(logs.find((l) => l.level === 'warn')?.message).toMatch(/privileged administrator/);
  });

  it("a synced user's phone is refused as Graph does (400 on-premises mastered): protected, not retried", async () => {
    const { directory, logs } = await open();
    const user = standIn.addUser({ ...newUser(), id: randomUUID(), onPremisesSyncEnabled: true });
    const error = await failure(directory.updateUser(user.id, 'mobilePhone', '+55 21 99876-5432'));
    expect(error).toBeInstanceOf(DirectoryProtectedFieldError);
    expect(user.mobilePhone).toBe('+55 11 91234-5678');
    const patches = standIn.graphCalls().filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => c.outcome)).toEqual([400]);
    expect(logs.find((l) => l.level === 'warn')?.message).toMatch(/on-premises/);
    // Its birth date (a custom security attribute, not the sync's) is still written.
    await directory.setBirthDate(user.id, '15/08/1985');
  });

  it("a privileged administrator's phone is refused by Graph itself (403 Authorization_RequestDenied)", async () => {
    const { directory } = await open();
    const user = standIn.addUser({ ...newUser(), id: randomUUID(), privilegedAdmin: true });
    const error = await failure(directory.updateUser(user.id, 'mobilePhone', '+55 21 99876-5432'));
    expect(error).toMatchObject({ name: 'DirectoryProtectedFieldError', status: 403 });
    const [patch] = standIn.graphCalls().filter((c) => c.method === 'PATCH');
    expect(patch?.outcome).toBe(403);
    await directory.updateUser(user.id, 'displayName', 'Maria Admin');
    expect(user.displayName).toBe('Maria Admin');
  });

  it('an External ID customer with an empty mail is reached at the e-mail identity, else at otherMails', async () => {
    const { directory } = await open();
    const customer = standIn.addUser({
      id: randomUUID(),
      displayName: 'Cliente',
      mail: null,
      identities: [
        {
          signInType: 'userPrincipalName',
          issuer: 'centro.onmicrosoft.com',
          issuerAssignedId: 'x@centro.onmicrosoft.com',
        },
        {
          signInType: 'emailAddress',
          issuer: 'centro.onmicrosoft.com',
          issuerAssignedId: 'cliente@example.org',
        },
      ],
      otherMails: ['outro@example.org'],
    });
    expect((await directory.getUser(customer.id))?.mail).toBe('cliente@example.org');
    const other = standIn.addUser({
      id: randomUUID(),
      mail: null,
      otherMails: ['outro@example.org'],
    });
    expect((await directory.getUser(other.id))?.mail).toBe('outro@example.org');
    // A mail set (the profile's 'E-mail', in a workforce tenant) is the contact address from then on.
    await directory.updateUser(customer.id, 'mail', 'novo@example.org');
    expect((await directory.getUser(customer.id))?.mail).toBe('novo@example.org');
  });

  it("External ID: the profile's 'E-mail' goes to otherMails, as Graph advises, and is read back first", async () => {
    const { directory } = await open({}, { config: { externalId: true } });
    const customer = standIn.addUser({
      id: randomUUID(),
      mail: null,
      identities: [
        {
          signInType: 'emailAddress',
          issuer: 'centro.onmicrosoft.com',
          issuerAssignedId: 'cliente@example.org',
        },
      ],
    });
    expect((await directory.getUser(customer.id))?.mail).toBe('cliente@example.org');
    await directory.updateUser(customer.id, 'mail', 'contato@example.org');
    const [patch] = standIn.graphCalls().filter((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ otherMails: ['contato@example.org'] });
    expect(customer.mail).toBeNull();
    expect((await directory.getUser(customer.id))?.mail).toBe('contato@example.org');
  });

  it('401 that persists after renewing the token is a 502', async () => {
    const { directory } = await open();
    standIn.inject({ times: 2, action: { type: 'status', status: 401 } });
    const error = await failure(directory.isMember(GROUP, randomUUID()));
    expect(error).toMatchObject({ name: 'DirectoryError', status: 502 });
    expect(standIn.tokenCalls()).toHaveLength(2);
  });

  it('other errors are a 502 without retry', async () => {
    const { directory } = await open();
    standIn.inject({ action: { type: 'status', status: 500 } });
    await expect(directory.ping()).rejects.toMatchObject({ status: 502 });
    standIn.inject({ action: { type: 'status', status: 400, message: 'Invalid value' } });
    await expect(directory.updateUser(newUser().id, 'mail', 'x@example.org')).rejects.toMatchObject(
      {
        status: 502,
      },
    );
  });
});

describe('logs', () => {
  it('never hold tokens, secrets or personal data', async () => {
    const { directory, logs } = await open();
    const user = newUser();
    standIn.inject({
      times: Infinity,
      path: /checkMemberGroups/,
      action: { type: 'status', status: 503 },
    });
    standIn.inject({ action: { type: 'status', status: 429, retryAfter: '0' } });
    standIn.inject({ method: 'PATCH', action: { type: 'status', status: 403 } });
    await directory.getUser(user.id);
    await directory.updateUser(user.id, 'mail', 'secret.mail@example.org').catch(() => undefined);
    await directory.isMember(GROUP, user.id).catch(() => undefined);
    await directory.addToGroup(randomUUID(), user.id).catch(() => undefined);
    expect(logs.length).toBeGreaterThan(3);
    const text = JSON.stringify(logs);
    const tokens = standIn.calls
      .map((c) => c.headers.authorization?.replace('Bearer ', ''))
      .filter((t): t is string => Boolean(t));
    expect(tokens.length).toBeGreaterThan(0);
    for (const forbidden of [
      user.id,
      SECRET,
      'secret.mail@example.org',
      'maria@example.org',
      '+55',
      ...tokens,
    ]) {
      expect(text).not.toContain(forbidden);
    }
  });
});
