/**
 * The start-up checks (decision 031) through buildApp, against the Entra and Graph stand-ins: a
 * wrong setting stops the start with a message naming what to change; an unreachable tenant does
 * not; a right configuration starts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allCourses } from '@centro/content';
import type { WebIdentity } from '@centro/contracts/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/index.js';
import { startEntraStandIn, type EntraStandIn } from '../tests/support/entra-stand-in.js';
import { startGraphStandIn, type GraphStandIn } from '../tests/support/graph-stand-in/stand-in.js';
import { createFixtureWebRoot } from '../tests/support/web-root.js';

const B2C_APP = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const EXT_CELULAR = `extension_${B2C_APP}_Celular`;
const EXT_DATA = `extension_${B2C_APP}_DataNascimento`;
const CLIENT_ID = randomUUID();
const SECRET = 'segredo-do-servidor';

let entra: EntraStandIn;
let graph: GraphStandIn;
let dir: string;
let caFile: string;

beforeAll(async () => {
  entra = await startEntraStandIn({ kind: 'ciam' });
  graph = await startGraphStandIn({
    tenantId: entra.tenantId,
    clients: [{ clientId: CLIENT_ID, secret: SECRET }],
    extensionAttributes: [EXT_CELULAR, EXT_DATA],
  });
  for (const course of allCourses()) graph.addGroup(course.groupId, course.slug);
  dir = await mkdtemp(path.join(tmpdir(), 'centro-startup-'));
  caFile = path.join(dir, 'ca.pem');
  await writeFile(caFile, graph.ca);
});

afterAll(async () => {
  await graph.close();
  await entra.close();
  await rm(dir, { recursive: true, force: true });
});

const webBuild = (): WebIdentity => ({
  protocolMode: 'AAD',
  authority: `${entra.origin}/${entra.tenantId}`,
  graphUrl: 'https://graph.microsoft.com',
});

/** The External ID configuration of docs/production-entra.md, pointed at the stand-ins. */
const goodEnv = (): Record<string, string> => ({
  IDENTITY_PROVIDER: 'entra',
  ENTRA_TENANT_ID: entra.tenantId,
  ENTRA_AUTHORITY_HOST: entra.origin,
  ENTRA_API_CLIENT_ID: entra.apiClientId,
  DIRECTORY: 'graph',
  GRAPH_TENANT_ID: graph.tenantId,
  GRAPH_CLIENT_ID: CLIENT_ID,
  GRAPH_CLIENT_SECRET: SECRET,
  GRAPH_AUTHORITY_HOST: graph.authorityHost,
  GRAPH_BASE_URL: graph.baseUrl,
  GRAPH_CA_FILE: caFile,
  GRAPH_EXTENSION_CELULAR: EXT_CELULAR,
  GRAPH_EXTENSION_DATA_NASCIMENTO: EXT_DATA,
  GRAPH_TIMEOUT_MS: '2000',
});

/** buildApp's refusal (the problems), or [] when it started (`started` looks at the app first). */
async function startWith(
  env: Record<string, string>,
  /** null: a build without the identity file (older). */
  identity: WebIdentity | null = webBuild(),
  started: (app: FastifyInstance) => Promise<void> = async () => undefined,
): Promise<string[]> {
  const fixture = await createFixtureWebRoot(identity ? { identity } : {});
  try {
    const app = await buildApp(
      loadConfig({
        WEB_ROOT: fixture.webRoot,
        DATA_DIR: fixture.dataDir,
        LOG_LEVEL: 'silent',
        ...env,
      }),
    );
    try {
      await started(app);
    } finally {
      await app.close();
    }
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  } finally {
    await fixture.cleanup();
  }
}

describe('a right configuration', () => {
  it('starts, having read the issuer from discovery and probed Graph once', async () => {
    const probes = () =>
      graph.graphCalls().filter((call) => call.query.$select?.includes(EXT_CELULAR)).length;
    const before = probes();
    expect(
      await startWith(goodEnv(), webBuild(), async (app) => {
        // The build's identity file is the server's to read, never served.
        expect((await app.inject({ url: '/.identity.json' })).statusCode).toBe(404);
      }),
    ).toEqual([]);
    expect(probes()).toBe(before + 1);
    expect(entra.requests).toContain(`/${entra.tenantId}/v2.0/.well-known/openid-configuration`);
  });
});

describe('a wrong configuration stops the start, saying what to change', () => {
  it('an extension attribute named with another app id than b2c-extensions-app', async () => {
    const wrong = `extension_${'f'.repeat(32)}_Celular`;
    const problems = await startWith({ ...goodEnv(), GRAPH_EXTENSION_CELULAR: wrong });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`GRAPH_EXTENSION_CELULAR=${wrong}`);
    expect(problems[0]).toContain('b2c-extensions-app');
    expect(problems[0]).toContain('Could not find a property named');
  });

  it('application permissions without admin consent', async () => {
    // Admin consent given to User.ReadWrite.All only.
    const partial = randomUUID();
    graph.addClient({ clientId: partial, secret: SECRET, roles: ['User.ReadWrite.All'] });
    const problems = await startWith({ ...goodEnv(), GRAPH_CLIENT_ID: partial });
    expect(problems).toEqual([
      expect.stringMatching(/^GRAPH_CLIENT_ID: .*GroupMember\.ReadWrite\.All.*Grant admin consent/),
    ]);
  });

  it("a course whose group the tenant does not have (packages/content's groupId)", async () => {
    const [course] = allCourses();
    if (!course) throw new Error('no course');
    graph.groups.delete(course.groupId.toLowerCase());
    try {
      expect(await startWith(goodEnv())).toEqual([
        expect.stringContaining(`the tenant has no group ${course.groupId} (${course.slug})`),
      ]);
    } finally {
      graph.addGroup(course.groupId, course.slug);
    }
  });

  it('a credential Entra refuses', async () => {
    const problems = await startWith({ ...goodEnv(), GRAPH_CLIENT_SECRET: 'outro-segredo' });
    expect(problems).toEqual([expect.stringMatching(/GRAPH_CLIENT_SECRET: the secret's value/)]);
  });

  it('a tenant id the authority does not know', async () => {
    const problems = await startWith({ ...goodEnv(), ENTRA_TENANT_ID: randomUUID() });
    expect(problems.some((p) => /answered HTTP 400.*Set ENTRA_TENANT_ID/.test(p))).toBe(true);
  });

  it('an ENTRA_ISSUER other than the one discovery names', async () => {
    const workforce = `https://login.microsoftonline.com/${entra.tenantId}/v2.0`;
    const problems = await startWith({ ...goodEnv(), ENTRA_ISSUER: workforce });
    expect(problems).toEqual([
      expect.stringContaining(`names the issuer ${entra.issuer}, not ENTRA_ISSUER (${workforce})`),
    ]);
  });

  it('a web build whose authority is not ENTRA_AUTHORITY_HOST (the CSP would block sign-in)', async () => {
    const problems = await startWith(goodEnv(), {
      ...webBuild(),
      authority: `https://centro.ciamlogin.com/${entra.tenantId}`,
    });
    expect(problems).toEqual([
      expect.stringContaining(
        `ENTRA_AUTHORITY_HOST (${entra.origin}) is not the origin of the web build's VITE_AUTH_AUTHORITY`,
      ),
    ]);
  });

  it('a web build for another tenant than ENTRA_TENANT_ID', async () => {
    const other = randomUUID();
    const problems = await startWith(goodEnv(), {
      ...webBuild(),
      authority: `${entra.origin}/${other}`,
    });
    expect(problems).toEqual([
      expect.stringContaining(
        `ENTRA_TENANT_ID (${entra.tenantId}) is not the tenant of the web build's VITE_AUTH_AUTHORITY (${entra.origin}/${other})`,
      ),
    ]);
  });

  it('a web build for the built-in provider, or none, with IDENTITY_PROVIDER=entra', async () => {
    const oidc: WebIdentity = { protocolMode: 'OIDC', authority: null, graphUrl: null };
    expect(await startWith(goodEnv(), oidc)).toEqual([
      expect.stringContaining('signs in with the built-in provider'),
    ]);
    expect(await startWith(goodEnv(), null)).toEqual([
      expect.stringContaining('has no .identity.json'),
    ]);
  });

  it("an authority whose issuer msal-node refuses (endpoints_resolution_error), not 'unreachable'", async () => {
    // A custom URL domain's issuer, say, which msal-node does not trust for this authority.
    graph.setIssuer(`https://login.centro.org.br/${graph.tenantId}/v2.0`);
    try {
      expect(await startWith(goodEnv())).toEqual([
        expect.stringMatching(
          new RegExp(
            `^GRAPH_AUTHORITY_HOST=${graph.authorityHost}: msal-node refused the tenant's OpenID configuration \\(endpoints_resolution_error; its issuer is https://login\\.centro\\.org\\.br/`,
          ),
        ),
      ]);
    } finally {
      graph.setIssuer(undefined);
    }
  });

  it('a web build for Entra with the built-in provider', async () => {
    expect(await startWith({}, webBuild())).toEqual([
      expect.stringContaining('IDENTITY_PROVIDER=embedded, but the web build'),
    ]);
  });
});

describe('an unreachable tenant', () => {
  it('does not stop the start (it says nothing about the settings)', async () => {
    entra.outage(true);
    await graph.outage();
    try {
      expect(await startWith(goodEnv())).toEqual([]);
    } finally {
      entra.outage(false);
      await graph.restore();
    }
  });
});
