// @ts-check
/**
 * Loaded into the server of the Entra end-to-end test (`NODE_OPTIONS=--import=<this file>`): its TLS
 * connections to the hosts named in `E2E_HOST_MAP` (a JSON object, "host" → "127.0.0.1:port") go
 * to the local stand-in instead, keeping the name for SNI and the certificate check, which
 * NODE_EXTRA_CA_CERTS makes pass. The browser gets the same mapping from Chromium's
 * --host-resolver-rules. Nothing else changes: the server asks https://centro.ciamlogin.com/... as
 * in production.
 */
import tls from 'node:tls';

/** @type {Record<string, string>} */
const map = JSON.parse(process.env.E2E_HOST_MAP ?? '{}');
const connect = tls.connect;

/** @type {typeof tls.connect} */
const mapped = function (/** @type {any[]} */ ...args) {
  const options = args[0];
  const target =
    options && typeof options === 'object' && typeof options.host === 'string'
      ? map[options.host.toLowerCase()]
      : undefined;
  if (target && (options.port === undefined || Number(options.port) === 443)) {
    const [host, port] = target.split(':');
    args[0] = {
      ...options,
      host,
      port: Number(port),
      servername: options.servername ?? options.host,
    };
  }
  return Reflect.apply(connect, tls, args);
};
tls.connect = mapped;
