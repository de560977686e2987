import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchJson, HttpError } from './http';

afterEach(() => vi.unstubAllGlobals());

describe('fetchJson', () => {
  it('sends JSON with a bearer token and parses the answer', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchJson('/api/x', { method: 'POST', body: { a: 1 }, bearer: 't' })).toEqual({
      ok: true,
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('rejects an error status with an HttpError', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    await expect(fetchJson('/api/x')).rejects.toBeInstanceOf(HttpError);
    await expect(fetchJson('/api/x')).rejects.toMatchObject({ status: 503, url: '/api/x' });
  });

  it('gives up after its timeout', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    await expect(fetchJson('/api/slow', { timeoutMs: 20 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
