/**
 * Hostile input over a real socket (what app.inject cannot send): bodies of 1 MiB and more, declared
 * or chunked, 10 000 levels of nesting, a broken chunk. Refused with a 4xx JSON (413 for the size),
 * the database unchanged, and the server still serves afterwards.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api-app.js';
import { ONE_MIB, snapshotDatabase } from '../support/hostile.js';
import { SITE } from './harness.js';

/** One raw HTTP/1.1 exchange: what the server answers before it closes the connection. */
function rawExchange(port: number, head: string, body?: Buffer | string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${head.split('\r\n')[0]}`));
    }, 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while the body is still being sent (a 413 answered early).
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.write(head);
    if (body !== undefined) socket.end(body);
    else socket.end();
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const jsonOf = (answer: string) =>
  JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('hostile input over a real socket', () => {
  let api: TestApi;
  let port: number;
  let person: string;

  beforeAll(async () => {
    api = await createTestApi({ env: { SITE_URL: SITE } });
    [person] = (await api.createPeople(1)) as [string];
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    port = address.port;
  }, 30_000);
  afterAll(async () => {
    await api?.close();
  });

  const post = (path: string, headers: string[]) =>
    [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers, '', ''].join(
      '\r\n',
    );

  it('refuses 1 MiB bodies, declared or chunked, and 10 000 levels of nesting, with 413 JSON', async () => {
    const before = await snapshotDatabase(api.app.database.db);
    const big = Buffer.from(`{"id":"${'a'.repeat(ONE_MIB)}","token":"x"}`);
    const declared = await rawExchange(
      port,
      post('/api/user/details', [
        'Content-Type: application/json',
        `Content-Length: ${big.length}`,
      ]),
      big,
    );
    expect(statusOf(declared)).toBe(413);
    expect(jsonOf(declared)).toMatchObject({ error: 'payload_too_large' });

    const chunked = Buffer.concat([
      ...Array.from({ length: 16 }, () =>
        Buffer.from(`10000\r\n${'a'.repeat(0x10000)}\r\n`, 'latin1'),
      ),
      Buffer.from('0\r\n\r\n'),
    ]);
    const streamed = await rawExchange(
      port,
      post('/api/user/update', ['Content-Type: application/json', 'Transfer-Encoding: chunked']),
      chunked,
    );
    expect(statusOf(streamed)).toBe(413);
    expect(jsonOf(streamed)).toMatchObject({ error: 'payload_too_large' });

    const nested = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const deep = await rawExchange(
      port,
      post('/api/group/add', [
        'Content-Type: application/json',
        `Content-Length: ${nested.length}`,
      ]),
      nested,
    );
    expect(statusOf(deep)).toBe(413);

    const form = `email=${'a'.repeat(ONE_MIB)}`;
    const signIn = await rawExchange(
      port,
      post('/idp/interaction/x/entrar', [
        'Content-Type: application/x-www-form-urlencoded',
        `Content-Length: ${form.length}`,
      ]),
      form,
    );
    expect(statusOf(signIn)).toBe(413);
    expect(signIn).toMatch(/content-type: text\/html/i);

    const token = await rawExchange(
      port,
      post('/idp/token', [
        'Content-Type: application/x-www-form-urlencoded',
        `Content-Length: ${form.length}`,
      ]),
      form,
    );
    expect(statusOf(token)).toBe(400);
    expect(jsonOf(token)).toMatchObject({ error: 'invalid_request' });
    expect(await snapshotDatabase(api.app.database.db)).toBe(before);
  });

  it.each([
    [
      'a NUL in a header',
      ['Content-Type: application/json', 'X-Odd: a\u0000b', 'Content-Length: 2'],
    ],
    [
      'a bare CR in a header',
      ['Content-Type: application/json', 'X-Odd: a\rb', 'Content-Length: 2'],
    ],
    ['two lengths', ['Content-Type: application/json', 'Content-Length: 2', 'Content-Length: 3']],
    ['a length and chunks', ['Content-Length: 2', 'Transfer-Encoding: chunked']],
    ['a negative length', ['Content-Type: application/json', 'Content-Length: -1']],
    ['a header without a name', [': x', 'Content-Length: 2']],
    ['a space before the colon', ['Content-Length : 2']],
  ])('refuses malformed HTTP (%s) with a 4xx and goes on', async (_name, headers) => {
    const answer = await rawExchange(port, post('/api/user/details', headers), '{}');
    expect(statusOf(answer)).toBeGreaterThanOrEqual(400);
    expect(statusOf(answer)).toBeLessThan(500);
  });

  it('refuses a broken chunk with a 4xx', async () => {
    const answer = await rawExchange(
      port,
      post('/api/user/details', ['Content-Type: application/json', 'Transfer-Encoding: chunked']),
      'zz\r\n{}\r\n0\r\n\r\n',
    );
    expect(statusOf(answer)).toBeGreaterThanOrEqual(400);
    expect(statusOf(answer)).toBeLessThan(500);
  });

  it('still serves afterwards', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const details = await fetch(`http://127.0.0.1:${port}/api/user/details`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: person, token: api.tokenFor(person) }),
    });
    expect(details.status).toBe(200);
  });
});
