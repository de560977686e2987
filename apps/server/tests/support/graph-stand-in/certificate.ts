/**
 * Self-signed X.509 certificates for tests, made with node:crypto alone (it reads certificates but
 * does not write them): an RSA key pair and a v3 certificate (sha256WithRSAEncryption) whose
 * subject alternative names cover the stand-in's address, self-signed or signed by a test CA. The DER is written by hand below.
 */
import {
  X509Certificate,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
} from 'node:crypto';
import { isIPv4 } from 'node:net';

export interface TestCertificate {
  /** PEM certificate. */
  cert: string;
  /** PEM private key (PKCS#8). */
  key: string;
  /** Base64 SHA-256 of the public key (SPKI), as Chromium's --ignore-certificate-errors-spki-list takes it. */
  spkiSha256: string;
  /** Hex thumbprints of the DER certificate. */
  sha1: string;
  sha256: string;
}

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const explicit = (n: number, content: Buffer) => tlv(0xa0 + n, content);
const octets = (content: Buffer) => tlv(0x04, content);
const bits = (content: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), content]));
const NULL = Buffer.from([0x05, 0x00]);
const TRUE = tlv(0x01, Buffer.from([0xff]));

function integer(value: Buffer): Buffer {
  const positive = (value[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value;
  return tlv(0x02, positive);
}

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128))
      chunk.unshift(0x80 | (v & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  // UTCTime (YYMMDDHHMMSSZ) until 2049, GeneralizedTime after (RFC 5280 4.1.2.5).
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(iso.slice(2), 'ascii'))
    : tlv(0x18, Buffer.from(iso, 'ascii'));
}

function name(commonName: string): Buffer {
  return sequence(set(sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export interface CertificateOptions {
  commonName?: string;
  /** DNS names and IPv4 addresses for the subject alternative name extension. */
  altNames?: string[];
  /** Validity in days from now (default 2). */
  days?: number;
  /**
   * The certificate authority that signs it (made by this function with `ca: true`); without it the
   * certificate is self-signed.
   */
  issuer?: { commonName: string; key: string };
  /** A certificate authority (basicConstraints cA; default true when self-signed, else false). */
  ca?: boolean;
}

export function createTestCertificate(options: CertificateOptions = {}): TestCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sha256WithRsa = sequence(oid('1.2.840.113549.1.1.11'), NULL);
  const subject = name(options.commonName ?? 'graph-stand-in');
  const issuerName = options.issuer ? name(options.issuer.commonName) : subject;
  const signingKey = options.issuer ? createPrivateKey(options.issuer.key) : privateKey;
  const isCa = options.ca ?? !options.issuer;
  const now = Date.now();
  const serial = randomBytes(16);
  // Positive (high bit clear) and minimal: a leading zero byte would be DER's "illegal padding",
  // which one serial in 128 had.
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;

  const altNames = (options.altNames ?? ['localhost', '127.0.0.1']).map((entry) =>
    isIPv4(entry)
      ? tlv(0x87, Buffer.from(entry.split('.').map(Number)))
      : tlv(0x82, Buffer.from(entry, 'ascii')),
  );
  const extensions = sequence(
    // basicConstraints (critical): cA for an authority (a self-signed certificate is its own trust
    // anchor), none for a server certificate an authority signs.
    sequence(oid('2.5.29.19'), TRUE, octets(isCa ? sequence(TRUE) : sequence())),
    // subjectAltName
    sequence(oid('2.5.29.17'), octets(sequence(...altNames))),
  );
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    sha256WithRsa,
    issuerName,
    sequence(time(new Date(now - 60_000)), time(new Date(now + (options.days ?? 2) * 86_400_000))),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, extensions),
  );
  const der = sequence(tbs, sha256WithRsa, bits(sign('sha256', tbs, signingKey)));

  const cert = pem('CERTIFICATE', der);
  // Fails here rather than in a TLS handshake if the encoding above is ever broken.
  if (!new X509Certificate(cert).verify(createPublicKey(signingKey))) {
    throw new Error('invalid test certificate');
  }
  return {
    cert,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    spkiSha256: createHash('sha256')
      .update(publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64'),
    sha1: createHash('sha1').update(der).digest('hex'),
    sha256: createHash('sha256').update(der).digest('hex'),
  };
}
