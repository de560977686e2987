/**
 * The site as a centre runs it with Microsoft Entra External ID, on this machine: the website built
 * with the VITE_AUTH_* settings of docs/production-entra.md (into apps/web/build/e2e-entra, so the
 * default build stays), the built server with IDENTITY_PROVIDER=entra and DIRECTORY=graph, the
 * External ID tenant's stand-in served over TLS as https://centro.ciamlogin.com,
 * https://<tenant id>.ciamlogin.com and https://graph.microsoft.com (certificate from a CA made
 * here), and the Graph stand-in for the server's app-only calls.
 *
 * Both the browser and the server use the real host names: Chromium maps them to the stand-in with
 * --host-resolver-rules and trusts its certificate by its key (--ignore-certificate-errors-spki-list);
 * the server maps them with map-hosts.mjs and trusts the CA through NODE_EXTRA_CA_CERTS.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allCourses } from '@centro/content';
import {
  startEntraStandIn,
  type EntraStandIn,
} from '../../apps/server/tests/support/entra-stand-in.js';
import { createTestCertificate } from '../../apps/server/tests/support/graph-stand-in/certificate.js';
import {
  startGraphStandIn,
  type GraphStandIn,
} from '../../apps/server/tests/support/graph-stand-in/stand-in.js';
import { disposeProductServer, startProductServer, type ProductServer } from './sign-in-server';

export const TENANT_ID = '5b0c2f4e-8a1d-4c3b-9e7f-2a6d1c8b4e90';
export const SPA_CLIENT_ID = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
export const API_CLIENT_ID = '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
const SERVER_CLIENT_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SERVER_SECRET = 'segredo-do-servidor-de-teste';
/** The client id of the tenant's b2c-extensions-app, without dashes. */
const B2C_EXTENSIONS_APP = '9e8d7c6b5a4f43e2b1c0d9e8f7a6b5c4';
const SUBDOMAIN = 'centro';
/** The user flow's custom attributes as Graph names them. */
export const EXTENSION_CELULAR = `extension_${B2C_EXTENSIONS_APP}_Celular`;
export const EXTENSION_DATA_NASCIMENTO = `extension_${B2C_EXTENSIONS_APP}_DataNascimento`;
export const AUTHORITY_HOST = `https://${SUBDOMAIN}.ciamlogin.com`;

const repository = fileURLToPath(new URL('../../', import.meta.url));
/** apps/web-relative, inside the workspace so the prerendering finds the dependencies. */
const WEB_BUILD_DIR = 'build/e2e-entra';
export const ENTRA_WEB_ROOT = join(repository, 'apps/web', WEB_BUILD_DIR, 'client');

/** The build of docs/production-entra.md, step 6 (External ID). */
export const ENTRA_BUILD_ENV = {
  VITE_AUTH_PROTOCOL_MODE: 'AAD',
  VITE_AUTH_AUTHORITY: `${AUTHORITY_HOST}/${TENANT_ID}`,
  VITE_AUTH_CLIENT_ID: SPA_CLIENT_ID,
  VITE_AUTH_GRAPH_URL: 'https://graph.microsoft.com',
  VITE_AUTH_API_SCOPE: `api://${API_CLIENT_ID}/access_as_user`,
};

/** Builds the website for Entra (about 6 s on an idle machine; its time is printed). */
export async function buildEntraWebsite(): Promise<void> {
  const started = Date.now();
  let output = '';
  const build = spawn('npm', ['run', 'build', '-w', '@centro/web'], {
    cwd: repository,
    env: { ...process.env, ...ENTRA_BUILD_ENV, WEB_BUILD_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => build.on('exit', resolve));
  if (code !== 0) throw new Error(`The Entra build of the website failed:\n${output}`);
  console.info(`Entra build of the website: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export interface EntraSite {
  /** The site's origin (its SITE_URL). */
  origin: string;
  ciam: EntraStandIn;
  graph: GraphStandIn;
  server: ProductServer;
  /** Chromium's flags: the host mapping and the trust of the stand-in's certificate. */
  chromiumArgs: string[];
  close(): Promise<void>;
}

export async function startEntraSite(): Promise<EntraSite> {
  const dir = mkdtempSync(join(tmpdir(), 'centro-e2e-entra-'));
  const tenantHost = `${TENANT_ID}.ciamlogin.com`;
  const authority = createTestCertificate({ commonName: 'Centro test CA' });
  const tls = createTestCertificate({
    commonName: `${SUBDOMAIN}.ciamlogin.com`,
    altNames: ['*.ciamlogin.com', 'graph.microsoft.com', 'login.microsoftonline.com'],
    issuer: { commonName: 'Centro test CA', key: authority.key },
  });
  const ciam = await startEntraStandIn({
    kind: 'ciam',
    tenantId: TENANT_ID,
    apiClientId: API_CLIENT_ID,
    spaClientId: SPA_CLIENT_ID,
    domains: [`${SUBDOMAIN}.onmicrosoft.com`],
    tls: { cert: tls.cert + authority.cert, key: tls.key },
  });
  const extensions = [EXTENSION_CELULAR, EXTENSION_DATA_NASCIMENTO] as const;
  const graph = await startGraphStandIn({
    tenantId: TENANT_ID,
    clients: [{ clientId: SERVER_CLIENT_ID, secret: SERVER_SECRET }],
    extensionAttributes: [...extensions],
  });
  for (const course of allCourses()) graph.addGroup(course.groupId, course.slug);
  // The user flow creates the account; Graph's replica learns of it a moment later. A customer who
  // signed up with e-mail and password or a one-time code has no `mail`: the address is the
  // `emailAddress` identity.
  ciam.onSignUp = (person) =>
    graph.addUser({
      id: person.oid,
      displayName: person.name,
      mail: null,
      identities: [
        {
          signInType: 'emailAddress',
          issuer: `${SUBDOMAIN}.onmicrosoft.com`,
          issuerAssignedId: person.email,
        },
        {
          signInType: 'userPrincipalName',
          issuer: `${SUBDOMAIN}.onmicrosoft.com`,
          issuerAssignedId: `${person.oid}@${SUBDOMAIN}.onmicrosoft.com`,
        },
      ],
      unseenReads: 1,
    });

  const caFile = join(dir, 'tenant-ca.pem');
  const graphCaFile = join(dir, 'graph-ca.pem');
  writeFileSync(caFile, authority.cert);
  writeFileSync(graphCaFile, graph.ca);
  const standInAddress = new URL(ciam.origin).host;
  const hosts = [`${SUBDOMAIN}.ciamlogin.com`, tenantHost, 'graph.microsoft.com'];

  const server = await startProductServer({
    env: {
      WEB_ROOT: ENTRA_WEB_ROOT,
      IDENTITY_PROVIDER: 'entra',
      ENTRA_TENANT_ID: TENANT_ID,
      ENTRA_AUTHORITY_HOST: AUTHORITY_HOST,
      ENTRA_API_CLIENT_ID: API_CLIENT_ID,
      DIRECTORY: 'graph',
      GRAPH_TENANT_ID: TENANT_ID,
      GRAPH_CLIENT_ID: SERVER_CLIENT_ID,
      GRAPH_CLIENT_SECRET: SERVER_SECRET,
      GRAPH_AUTHORITY_HOST: graph.authorityHost,
      GRAPH_BASE_URL: graph.baseUrl,
      GRAPH_CA_FILE: graphCaFile,
      GRAPH_EXTENSION_CELULAR: extensions[0],
      GRAPH_EXTENSION_DATA_NASCIMENTO: extensions[1],
      NODE_EXTRA_CA_CERTS: caFile,
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ''} --import=${new URL('./map-hosts.mjs', import.meta.url).href}`.trim(),
      E2E_HOST_MAP: JSON.stringify(Object.fromEntries(hosts.map((h) => [h, standInAddress]))),
    },
  });
  // The SPA registration's redirect URI (also where the site returns after sign-out).
  ciam.redirectUris.add(`${server.origin}/`);

  return {
    origin: server.origin,
    ciam,
    graph,
    server,
    chromiumArgs: [
      `--host-resolver-rules=${hosts.map((h) => `MAP ${h} ${standInAddress}`).join(',')}`,
      `--ignore-certificate-errors-spki-list=${tls.spkiSha256},${authority.spkiSha256}`,
    ],
    async close() {
      await disposeProductServer(server);
      await ciam.close();
      await graph.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
