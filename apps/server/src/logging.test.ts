import { Writable } from 'node:stream';
import { fastify } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggingOptions, pathOnly, requestIdGenerator } from './logging.js';

describe('pathOnly', () => {
  it('drops the query string and a certificate code', () => {
    expect(pathOnly('/idp/cb?code=abc&state=x')).toBe('/idp/cb');
    expect(pathOnly('/a')).toBe('/a');
    // A certificate's code leads to a person's name (decision 094).
    expect(pathOnly('/certificados/K7QM-3XPA-9T2C-HDRW')).toBe('/certificados/:code');
    expect(pathOnly('/api/certificates/K7QM-3XPA-9T2C-HDRW?x=1')).toBe('/api/certificates/:code');
  });
});

describe('requestIdGenerator', () => {
  const req = (id?: string) => ({ headers: id ? { 'x-request-id': id } : {} }) as never;
  it("uses a trusted proxy's safe request id, else a UUID", () => {
    expect(requestIdGenerator(true)(req('abc-123'))).toBe('abc-123');
    expect(requestIdGenerator(true)(req('bad id\n'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdGenerator(false)(req('abc-123'))).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request logs', () => {
  it('carry a request id and no query string, client address or headers', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggingOptions({ logLevel: 'info', trustProxy: false });
    const app = fastify({ ...options, logger: { ...(options.logger as object), stream } });
    app.get('/x', async () => ({ ok: true }));
    await app.inject({
      url: '/x?token=s3cr3t',
      headers: { authorization: 'Bearer s3cr3t', 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.7',
    });
    await app.close();
    const logs = lines.join('');
    expect(logs).toContain('"url":"/x"');
    expect(logs).toMatch(/"reqId":"[0-9a-f-]{36}"/);
    expect(logs).not.toContain('s3cr3t');
    expect(logs).not.toContain('203.0.113.9');
    expect(logs).not.toContain('198.51.100.7');
  });
});
