import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';
import { readDirectoryConfig } from './directory.js';

const TENANT = '3f1c5d2e-8a4b-4c6d-9e0f-1a2b3c4d5e6f';
const CLIENT = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const EXT = 'extension_0123456789abcdef0123456789abcdef';

const minimal = {
  DIRECTORY: 'graph',
  GRAPH_TENANT_ID: TENANT,
  GRAPH_CLIENT_ID: CLIENT,
  GRAPH_CLIENT_SECRET: 'secret-value',
  GRAPH_CSA_SET: 'Centro',
  GRAPH_CSA_BIRTH_DATE: 'DataNascimento',
};

describe('readDirectoryConfig', () => {
  it('defaults to the local directory', () => {
    expect(readDirectoryConfig({})).toEqual({ graph: undefined, problems: [] });
    expect(readDirectoryConfig({ DIRECTORY: ' Local ' })).toEqual({
      graph: undefined,
      problems: [],
    });
  });

  it('reads the Graph settings, with defaults', () => {
    expect(readDirectoryConfig(minimal)).toEqual({
      problems: [],
      graph: {
        tenantId: TENANT,
        clientId: CLIENT,
        credential: { kind: 'secret', secret: 'secret-value' },
        authorityHost: 'https://login.microsoftonline.com',
        baseUrl: 'https://graph.microsoft.com/v1.0',
        extensionCelular: undefined,
        extensionDataNascimento: undefined,
        csaSet: 'Centro',
        csaBirthDate: 'DataNascimento',
        timeoutMs: 5000,
        caFile: undefined,
        externalId: false,
      },
    });
    // An External ID authority: the contact e-mail goes to otherMails.
    expect(
      readDirectoryConfig({ ...minimal, GRAPH_AUTHORITY_HOST: 'https://centro.ciamlogin.com' })
        .graph?.externalId,
    ).toBe(true);
  });

  it('reads every Graph variable', () => {
    const { graph, problems } = readDirectoryConfig({
      ...minimal,
      GRAPH_CLIENT_SECRET: '',
      GRAPH_CERTIFICATE_PATH: 'secrets/graph.pem',
      GRAPH_CERTIFICATE_THUMBPRINT: 'AB:CD:'.repeat(10).slice(0, -1),
      GRAPH_CERTIFICATE_SEND_X5C: 'TRUE',
      GRAPH_AUTHORITY_HOST: 'https://login.microsoftonline.us/',
      GRAPH_BASE_URL: 'https://graph.microsoft.us/v1.0/',
      GRAPH_EXTENSION_CELULAR: `${EXT}_Celular`,
      GRAPH_EXTENSION_DATA_NASCIMENTO: `${EXT}_DataNascimento`,
      GRAPH_TIMEOUT_MS: '2500',
      GRAPH_CA_FILE: 'ca.pem',
    });
    expect(problems).toEqual([]);
    expect(graph).toMatchObject({
      credential: {
        kind: 'certificate',
        path: path.resolve('secrets/graph.pem'),
        thumbprint: 'abcd'.repeat(10),
        sendX5c: true,
      },
      authorityHost: 'https://login.microsoftonline.us',
      baseUrl: 'https://graph.microsoft.us/v1.0',
      extensionCelular: `${EXT}_Celular`,
      extensionDataNascimento: `${EXT}_DataNascimento`,
      timeoutMs: 2500,
      caFile: path.resolve('ca.pem'),
    });
  });

  it('names every missing variable when DIRECTORY=graph', () => {
    const { graph, problems } = readDirectoryConfig({ DIRECTORY: 'graph' });
    expect(graph).toBeUndefined();
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'GRAPH_TENANT_ID',
      'GRAPH_CLIENT_ID',
      'GRAPH_CLIENT_SECRET',
      'GRAPH_CSA_SET',
    ]);
    expect(problems[2]).toMatch(/GRAPH_CLIENT_SECRET or GRAPH_CERTIFICATE_PATH is required/);
    expect(problems[3]).toMatch(/or GRAPH_EXTENSION_DATA_NASCIMENTO, are required/);
  });

  it('keeps the birth date in the DataNascimento extension when no security attribute is named', () => {
    const { GRAPH_CSA_SET: _set, GRAPH_CSA_BIRTH_DATE: _attribute, ...external } = minimal;
    const extension = `${EXT}_DataNascimento`;
    const result = readDirectoryConfig({ ...external, GRAPH_EXTENSION_DATA_NASCIMENTO: extension });
    expect(result.problems).toEqual([]);
    expect(result.graph).toMatchObject({
      csaSet: undefined,
      csaBirthDate: undefined,
      extensionDataNascimento: extension,
    });
    expect(readDirectoryConfig({ ...external, GRAPH_CSA_SET: 'Centro' }).problems).toEqual([
      expect.stringMatching(/^GRAPH_CSA_BIRTH_DATE is required with the other/),
    ]);
  });

  it('explains every wrong value', () => {
    const { problems } = readDirectoryConfig({
      DIRECTORY: 'graph',
      GRAPH_TENANT_ID: 'not a tenant',
      GRAPH_CLIENT_ID: 'abc',
      GRAPH_CLIENT_SECRET: 's',
      GRAPH_CERTIFICATE_PATH: 'x.pem',
      GRAPH_AUTHORITY_HOST: 'http://login.microsoftonline.com',
      GRAPH_BASE_URL: 'https://graph.microsoft.com',
      GRAPH_EXTENSION_CELULAR: 'Celular',
      GRAPH_CSA_SET: 'Centro Espírita',
      GRAPH_CSA_BIRTH_DATE: 'DataNascimento',
      GRAPH_TIMEOUT_MS: '10',
    });
    expect(problems).toEqual([
      'GRAPH_TENANT_ID must be the tenant id (a GUID) or its domain such as centro.onmicrosoft.com (got "not a tenant")',
      'GRAPH_CLIENT_ID must be a GUID (got "abc")',
      'GRAPH_CLIENT_SECRET and GRAPH_CERTIFICATE_PATH are both set: set exactly one (a certificate is preferred in production)',
      'GRAPH_AUTHORITY_HOST must be an https origin such as https://login.microsoftonline.com, without path (got "http://login.microsoftonline.com")',
      'GRAPH_BASE_URL must be an https URL with the API version, such as https://graph.microsoft.com/v1.0 (got "https://graph.microsoft.com")',
      'GRAPH_EXTENSION_CELULAR must be a directory extension name such as extension_<app id without dashes>_Celular (got "Celular")',
      'GRAPH_CSA_SET must be 1 to 32 letters or digits: Entra allows no spaces, underscores or other special characters in these names (got "Centro Espírita")',
      'GRAPH_TIMEOUT_MS must be a number of milliseconds from 100 to 60000 (got "10")',
    ]);
  });

  it('refuses an underscore in the security attribute names, as Entra does', () => {
    expect(
      readDirectoryConfig({ ...minimal, GRAPH_CSA_BIRTH_DATE: 'Data_Nascimento' }).problems,
    ).toEqual([
      'GRAPH_CSA_BIRTH_DATE must be 1 to 32 letters or digits: Entra allows no spaces, underscores or other special characters in these names (got "Data_Nascimento")',
    ]);
  });

  it('checks the certificate settings', () => {
    const { problems } = readDirectoryConfig({
      ...minimal,
      GRAPH_CLIENT_SECRET: undefined,
      GRAPH_CERTIFICATE_PATH: 'x.pem',
      GRAPH_CERTIFICATE_THUMBPRINT: 'xyz',
      GRAPH_CERTIFICATE_SEND_X5C: 'yes',
    });
    expect(problems).toEqual([
      'GRAPH_CERTIFICATE_THUMBPRINT must be the hexadecimal SHA-1 (40 digits) or SHA-256 (64 digits) thumbprint of the certificate',
      'GRAPH_CERTIFICATE_SEND_X5C must be true or false (got "yes")',
    ]);
  });

  it('needs the tenant id, not a domain, with an External ID authority (msal-node checks the issuer)', () => {
    const ciam = { ...minimal, GRAPH_AUTHORITY_HOST: 'https://centro.ciamlogin.com' };
    expect(readDirectoryConfig(ciam).problems).toEqual([]);
    expect(
      readDirectoryConfig({ ...ciam, GRAPH_TENANT_ID: 'centro.onmicrosoft.com' }).problems,
    ).toEqual([expect.stringMatching(/^GRAPH_TENANT_ID must be the tenant id \(a GUID\)/)]);
    expect(
      readDirectoryConfig({ ...minimal, GRAPH_TENANT_ID: 'centro.onmicrosoft.com' }).problems,
    ).toEqual([]);
  });

  it('refuses an unknown directory', () => {
    expect(readDirectoryConfig({ DIRECTORY: 'ldap' }).problems).toEqual([
      'DIRECTORY must be local or graph (got "ldap")',
    ]);
  });
});

describe('loadConfig and the directory', () => {
  it('has no Graph settings by default', () => {
    expect(loadConfig({}).graph).toBeUndefined();
  });

  it('carries the Graph settings', () => {
    expect(loadConfig(minimal).graph?.tenantId).toBe(TENANT);
  });

  it("reports the directory's problems with the others", () => {
    try {
      loadConfig({ PORT: 'x', DIRECTORY: 'graph', GRAPH_TENANT_ID: TENANT });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems[0]).toMatch(/^PORT /);
      expect(problems.some((p) => p.startsWith('GRAPH_CLIENT_ID is required'))).toBe(true);
    }
  });
});
