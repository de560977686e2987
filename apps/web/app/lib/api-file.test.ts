import { ErrorCode } from '@centro/contracts/error-codes';
import { describe, expect, it, vi } from 'vitest';
import { fetchFile } from './api-file';

describe('fetchFile', () => {
  it('gives the file and the name the server chose, with the bearer token', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('\uFEFFNome;E-mail\r\n', {
          headers: { 'content-disposition': 'attachment; filename="passe-participantes.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await fetchFile('/api/staff/courses/passe/export.csv', { bearer: 't' });
    expect(file.fileName).toBe('passe-participantes.csv');
    expect(await file.blob.text()).toContain('Nome;E-mail');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t');
  });

  it('rejects a refusal with the API’s code, like fetchJson', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: 'forbidden', message: 'Acesso restrito.' }, { status: 403 }),
    );
    await expect(fetchFile('/api/staff/courses/passe/export.csv')).rejects.toMatchObject({
      status: 403,
      code: ErrorCode.Forbidden,
    });
  });
});
