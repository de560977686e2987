/**
 * The app-only access token for Microsoft Graph: OAuth 2.0 client credentials through
 * `@azure/msal-node` (ConfidentialClientApplication), with a client secret or a certificate. msal
 * caches the token and renews it before it expires; only the server ever holds it.
 *
 * msal's network calls go through our HTTPS transport (a timeout on every call, extra trusted
 * authorities). For an authority host other than Microsoft's public cloud, that host is declared
 * in `knownAuthorities`, so msal trusts it without asking login.microsoftonline.com for instance
 * discovery (see docs/decisions/006-graph-adapter-and-stand-in.md).
 */
import { X509Certificate, createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  AuthError,
  ClientAuthError,
  ConfidentialClientApplication,
  type Configuration,
  type INetworkModule,
  LogLevel,
  type NetworkResponse,
  ServerError,
} from '@azure/msal-node';
import { MICROSOFT_AUTHORITY } from '../../config/parsers.js';
import type { DirectoryLogger } from '../directory-logger.js';
import { type Transport, TransportError } from './transport.js';

export interface TokenSource {
  /** A valid access token (from msal's cache when it has one). */
  getToken(options?: { forceRefresh?: boolean }): Promise<string>;
}

/** Token acquisition failed. `transient`: worth trying again (network, throttling, outage). */
export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    message: string,
    readonly transient: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What msal-node needs to prove the app's identity. */
export type ClientCredential =
  | { kind: 'secret'; secret: string }
  | {
      kind: 'certificate';
      /** PKCS#8 PEM private key. */
      privateKey: string;
      /** Lower-case hex thumbprint, and which hash it is. */
      thumbprint: string;
      thumbprintAlgorithm: 'sha256' | 'sha1';
      /** The certificate (PEM) when it is sent as x5c. */
      x5c?: string;
    };

/** The certificate file could not be used; the message names the variable and the reason. */
export class CredentialFileError extends Error {
  override name = 'CredentialFileError';
}

/**
 * Reads a PEM file holding the private key and, usually, the certificate. The thumbprint comes
 * from the certificate (SHA-256); without a certificate in the file, `thumbprint` must be given.
 * When both are there, they must agree, and the key must belong to the certificate.
 */
export async function loadCertificateCredential(options: {
  path: string;
  thumbprint?: string | undefined;
  sendX5c?: boolean;
}): Promise<ClientCredential> {
  let pem: string;
  try {
    pem = await readFile(options.path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CredentialFileError(`GRAPH_CERTIFICATE_PATH cannot be read (${code}).`);
  }
  const keyBlock =
    /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/.exec(
      pem,
    );
  if (!keyBlock) {
    throw new CredentialFileError('GRAPH_CERTIFICATE_PATH holds no PEM private key.');
  }
  if (keyBlock[0].includes('ENCRYPTED')) {
    throw new CredentialFileError(
      'GRAPH_CERTIFICATE_PATH holds an encrypted private key: store it unencrypted, readable only by the server.',
    );
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(keyBlock[0]);
  } catch {
    throw new CredentialFileError(
      'GRAPH_CERTIFICATE_PATH holds a private key that cannot be read.',
    );
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new CredentialFileError(
      'GRAPH_CERTIFICATE_PATH must hold an RSA key (Microsoft Entra certificate credentials are RSA).',
    );
  }
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  const certBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem);
  const given = options.thumbprint?.replace(/:/g, '').toLowerCase();
  if (!certBlock) {
    if (!given) {
      throw new CredentialFileError(
        'GRAPH_CERTIFICATE_PATH holds no certificate: add it to the file or set GRAPH_CERTIFICATE_THUMBPRINT.',
      );
    }
    if (options.sendX5c) {
      throw new CredentialFileError(
        'GRAPH_CERTIFICATE_SEND_X5C needs the certificate in GRAPH_CERTIFICATE_PATH.',
      );
    }
    return {
      kind: 'certificate',
      privateKey: pkcs8,
      thumbprint: given,
      thumbprintAlgorithm: given.length === 64 ? 'sha256' : 'sha1',
    };
  }

  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certBlock[0]);
  } catch {
    throw new CredentialFileError(
      'GRAPH_CERTIFICATE_PATH holds a certificate that cannot be read.',
    );
  }
  const spki = (key: ReturnType<typeof createPublicKey>) =>
    key.export({ type: 'spki', format: 'der' }).toString('base64');
  if (spki(createPublicKey(privateKey)) !== spki(certificate.publicKey)) {
    throw new CredentialFileError(
      'GRAPH_CERTIFICATE_PATH: the private key does not belong to the certificate.',
    );
  }
  const sha256 = createHash('sha256').update(certificate.raw).digest('hex');
  const sha1 = createHash('sha1').update(certificate.raw).digest('hex');
  if (given && given !== sha256 && given !== sha1) {
    throw new CredentialFileError(
      'GRAPH_CERTIFICATE_THUMBPRINT is not the thumbprint of the certificate in GRAPH_CERTIFICATE_PATH.',
    );
  }
  if (new Date(certificate.validTo).getTime() < Date.now()) {
    throw new CredentialFileError(
      `GRAPH_CERTIFICATE_PATH: the certificate expired on ${certificate.validTo}.`,
    );
  }
  return {
    kind: 'certificate',
    privateKey: pkcs8,
    thumbprint: sha256,
    thumbprintAlgorithm: 'sha256',
    ...(options.sendX5c ? { x5c: certBlock[0] } : {}),
  };
}

/** msal's INetworkModule over our transport: every call to Entra has a timeout. */
export function msalNetworkModule(transport: Transport, timeoutMs: number): INetworkModule {
  async function send<T>(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> | undefined,
    body: string | undefined,
    timeout: number | undefined,
  ): Promise<NetworkResponse<T>> {
    const res = await transport.send({
      method,
      url,
      headers: headers ?? {},
      ...(method === 'POST' ? { body: body ?? '' } : {}),
      timeoutMs: timeout && timeout > 0 ? Math.min(timeout, timeoutMs) : timeoutMs,
    });
    let parsed: unknown;
    try {
      parsed = res.body.trim() === '' ? {} : JSON.parse(res.body);
    } catch {
      throw new TransportError(
        'network',
        `the identity provider answered ${res.status} with a body that is not JSON`,
      );
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }
  return {
    sendGetRequestAsync: (url, options, timeout) =>
      send('GET', url, options?.headers, undefined, timeout),
    sendPostRequestAsync: (url, options) =>
      send('POST', url, options?.headers, options?.body, undefined),
  };
}

const PUBLIC_CLOUD_HOST = new URL(MICROSOFT_AUTHORITY).host;

/** The permanent OAuth errors of the token endpoint: a configuration problem, not an outage. */
function classify(error: unknown): TokenError {
  if (error instanceof TokenError) return error;
  if (error instanceof ServerError) {
    const status = error.status;
    const transient =
      status === undefined
        ? // msal's own throttling (after a 429/5xx it refuses to call again for a while)
          true
        : status === 429 || status >= 500 || error.errorCode === 'temporarily_unavailable';
    return new TokenError(
      transient
        ? `Microsoft Entra ID is unavailable (${status ?? 'throttled'}).`
        : `Microsoft Entra ID refused the app's credentials (${status} ${error.errorCode}).`,
      transient,
      { cause: error },
    );
  }
  if (error instanceof ClientAuthError) {
    const transient = [
      'network_error',
      'endpoints_resolution_error',
      'openid_config_error',
      'token_parsing_error',
    ].includes(error.errorCode);
    return new TokenError(
      transient
        ? `Microsoft Entra ID could not be reached (${error.errorCode}).`
        : `msal-node failed (${error.errorCode}).`,
      transient,
      { cause: error },
    );
  }
  if (error instanceof AuthError) {
    // ClientConfigurationError and the like: the authority, tenant or credential is wrong.
    return new TokenError(`msal-node configuration problem (${error.errorCode}).`, false, {
      cause: error,
    });
  }
  if (error instanceof TransportError) {
    return new TokenError(`Microsoft Entra ID could not be reached (${error.message}).`, true, {
      cause: error,
    });
  }
  return new TokenError('Token acquisition failed.', false, { cause: error });
}

export interface MsalTokenSourceOptions {
  tenantId: string;
  clientId: string;
  credential: ClientCredential;
  /** https origin of the authority, e.g. https://login.microsoftonline.com. */
  authorityHost: string;
  /** The resource's scope, e.g. https://graph.microsoft.com/.default. */
  scope: string;
  network: INetworkModule;
  logger: DirectoryLogger;
}

export function createMsalTokenSource(options: MsalTokenSourceOptions): TokenSource {
  const authorityUrl = new URL(options.authorityHost);
  const { credential, logger } = options;
  const config: Configuration = {
    auth: {
      clientId: options.clientId,
      authority: `${authorityUrl.origin}/${options.tenantId}`,
      ...(authorityUrl.host === PUBLIC_CLOUD_HOST ? {} : { knownAuthorities: [authorityUrl.host] }),
      ...(credential.kind === 'secret'
        ? { clientSecret: credential.secret }
        : {
            clientCertificate: {
              privateKey: credential.privateKey,
              ...(credential.thumbprintAlgorithm === 'sha256'
                ? { thumbprintSha256: credential.thumbprint }
                : { thumbprint: credential.thumbprint }),
              ...(credential.x5c ? { x5c: credential.x5c } : {}),
            },
          }),
    },
    system: {
      networkClient: options.network,
      loggerOptions: {
        piiLoggingEnabled: false,
        logLevel: LogLevel.Warning,
        loggerCallback: (level, message, containsPii) => {
          if (containsPii) return;
          if (level === LogLevel.Error) logger.warn({ msal: message }, 'msal-node error');
          else logger.debug({ msal: message }, 'msal-node warning');
        },
      },
    },
  };
  const app = new ConfidentialClientApplication(config);
  let inFlight: Promise<string> | undefined;

  async function acquire(forceRefresh: boolean): Promise<string> {
    try {
      const result = await app.acquireTokenByClientCredential({
        scopes: [options.scope],
        skipCache: forceRefresh,
      });
      if (!result?.accessToken) throw new TokenError('msal-node returned no access token.', true);
      return result.accessToken;
    } catch (error) {
      throw classify(error);
    }
  }

  return {
    getToken({ forceRefresh = false } = {}) {
      if (forceRefresh) return acquire(true);
      // Concurrent callers share one acquisition (msal answers from its cache once it has a token).
      inFlight ??= acquire(false).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}
