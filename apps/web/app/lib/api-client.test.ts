import { ErrorCode } from '@centro/contracts/error-codes';
import { describe, expect, it, vi } from 'vitest';
import { fetchJson } from './api-client';
import { ApiError } from './api-error';

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

  it('rejects an error status with an ApiError', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    await expect(fetchJson('/api/x')).rejects.toBeInstanceOf(ApiError);
    await expect(fetchJson('/api/x')).rejects.toMatchObject({ status: 503, url: '/api/x' });
  });

  it('carries the API’s typed code and message when it gave them', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: 'course_full', message: 'Vagas esgotadas para este curso.' },
        { status: 409 },
      ),
    );
    await expect(fetchJson('/api/x', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 409,
      code: ErrorCode.CourseFull,
      apiMessage: 'Vagas esgotadas para este curso.',
    });
  });

  it('keeps no code the API does not have', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: 'made_up', message: 'x' }, { status: 400 }),
    );
    await expect(fetchJson('/api/x')).rejects.toMatchObject({ status: 400, code: null });
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
