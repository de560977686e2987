/**
 * The web build's identity settings (`<WEB_ROOT>/.identity.json`, written by the web build) against
 * the server's: the pages sign in where VITE_AUTH_AUTHORITY says, while their CSP (`connect-src`)
 * and the token verifier follow IDENTITY_PROVIDER and ENTRA_AUTHORITY_HOST. When the two disagree,
 * sign-in would fail for every visitor, so the server refuses to start and says what to change.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/index.js';
import { GUID, WEB_IDENTITY_FILE, type WebIdentity } from '@centro/contracts/identity';

/** The build's settings; undefined for a build that predates the file (or a test fixture). */
export async function readWebIdentity(webRoot: string): Promise<WebIdentity | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(webRoot, WEB_IDENTITY_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const value = JSON.parse(text) as Partial<WebIdentity>;
  if (value.protocolMode !== 'OIDC' && value.protocolMode !== 'AAD') {
    throw new Error(`${path.join(webRoot, WEB_IDENTITY_FILE)} is not a web build's identity file`);
  }
  return {
    protocolMode: value.protocolMode,
    authority: typeof value.authority === 'string' ? value.authority : null,
    graphUrl: typeof value.graphUrl === 'string' ? value.graphUrl : null,
  };
}

const REBUILD =
  'rebuild the website with VITE_AUTH_PROTOCOL_MODE=AAD and VITE_AUTH_AUTHORITY (docs/production-entra.md, step 6)';

/** What to change, one line per disagreement; none when the build and the server agree. */
export function webIdentityProblems(
  config: Pick<Config, 'identityProvider' | 'entra' | 'webRoot'>,
  web: WebIdentity | undefined,
): string[] {
  if (config.identityProvider === 'embedded') {
    return web?.protocolMode === 'AAD'
      ? [
          `IDENTITY_PROVIDER=embedded, but the web build in WEB_ROOT (${config.webRoot}) signs in with Microsoft Entra ID (${web.authority ?? ''}): set IDENTITY_PROVIDER=entra and the ENTRA_* variables, or rebuild the website without the VITE_AUTH_* settings`,
        ]
      : [];
  }
  const entra = config.entra;
  if (!entra) return [];
  if (!web) {
    return [
      `IDENTITY_PROVIDER=entra, but the web build in WEB_ROOT (${config.webRoot}) has no ${WEB_IDENTITY_FILE} (an older build): ${REBUILD}`,
    ];
  }
  if (web.protocolMode !== 'AAD' || web.authority === null) {
    return [
      `IDENTITY_PROVIDER=entra, but the web build in WEB_ROOT (${config.webRoot}) signs in with the built-in provider: ${REBUILD}`,
    ];
  }
  const authority = new URL(web.authority);
  const problems: string[] = [];
  if (authority.origin !== entra.authorityHost) {
    problems.push(
      `ENTRA_AUTHORITY_HOST (${entra.authorityHost}) is not the origin of the web build's VITE_AUTH_AUTHORITY (${web.authority}): the pages' Content-Security-Policy would block their sign-in. Set ENTRA_AUTHORITY_HOST=${authority.origin}, or rebuild the website with the authority of ENTRA_AUTHORITY_HOST`,
    );
  }
  const tenant = authority.pathname.split('/').find((segment) => GUID.test(segment));
  if (tenant !== undefined && tenant.toLowerCase() !== entra.tenantId.toLowerCase()) {
    problems.push(
      `ENTRA_TENANT_ID (${entra.tenantId}) is not the tenant of the web build's VITE_AUTH_AUTHORITY (${web.authority}): make them the same tenant id`,
    );
  }
  return problems;
}
