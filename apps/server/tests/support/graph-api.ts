/**
 * The API wired to the Microsoft Graph stand-in (DIRECTORY=graph): a stand-in with one group per
 * course and the birth-date custom security attribute, its CA written to a temp file for
 * GRAPH_CA_FILE, and `createTestApi` on SQLite or, with `databaseUrl`, PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allCourses } from '@centro/content';
import { createTestApi, type TestApi } from './api-app.js';
import { startGraphStandIn, type GraphStandIn } from './graph-stand-in/stand-in.js';

export interface GraphApi {
  standIn: GraphStandIn;
  api: TestApi;
  /** Closes the API and the stand-in (restoring it first) and removes the temp files. */
  close(): Promise<void>;
}

export async function createGraphApi(options: {
  timeoutMs: number;
  databaseUrl?: string | undefined;
}): Promise<GraphApi> {
  const clientId = randomUUID();
  const secret = `s3cr3t-${randomUUID()}`;
  const standIn = await startGraphStandIn({
    clients: [{ clientId, secret }],
    customSecurityAttributes: { Centro: ['DataNascimento'] },
  });
  for (const course of allCourses()) standIn.addGroup(course.groupId, course.slug);
  const dir = await mkdtemp(path.join(tmpdir(), 'centro-graph-api-'));
  const caFile = path.join(dir, 'stand-in-ca.pem');
  await writeFile(caFile, standIn.ca);
  const api = await createTestApi({
    databaseUrl: options.databaseUrl,
    env: {
      DIRECTORY: 'graph',
      GRAPH_TENANT_ID: standIn.tenantId,
      GRAPH_CLIENT_ID: clientId,
      GRAPH_CLIENT_SECRET: secret,
      GRAPH_AUTHORITY_HOST: standIn.authorityHost,
      GRAPH_BASE_URL: standIn.baseUrl,
      GRAPH_CSA_SET: 'Centro',
      GRAPH_CSA_BIRTH_DATE: 'DataNascimento',
      GRAPH_TIMEOUT_MS: String(options.timeoutMs),
      GRAPH_CA_FILE: caFile,
    },
  });
  return {
    standIn,
    api,
    close: async () => {
      await api.close();
      await standIn.restore().catch(() => undefined);
      await standIn.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
