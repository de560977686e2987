import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { matchesEntityTag, preparePage } from './page.js';

const html = Buffer.from(`<!DOCTYPE html><p>${'Olá, mundo! '.repeat(200)}</p>`);

describe('preparePage', () => {
  it('precomputes each coding with its headers and a strong ETag per coding', async () => {
    const page = await preparePage(html, {
      csp: "default-src 'self'",
      validators: true,
      noindex: false,
      baseHeaders: { 'x-content-type-options': 'nosniff' },
    });
    const { identity, br, gzip } = page.representations;
    expect(identity.body).toBe(html);
    expect(brotliDecompressSync(br.body)).toEqual(html);
    expect(gunzipSync(gzip.body)).toEqual(html);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-length': String(br.body.length),
      'content-security-policy': "default-src 'self'",
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
      'cache-control': 'no-cache',
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(new Set([identity.etag, br.etag, gzip.etag]).size).toBe(3);
    expect(identity.etag).toMatch(/^"[\w-]+"$/);
    expect(page.etags).toEqual(new Set([identity.etag, br.etag, gzip.etag]));
    expect(br.notModifiedHeaders).not.toHaveProperty('content-length');
    expect(br.notModifiedHeaders.etag).toBe(br.etag);
  });

  it('keeps the identity body when compression does not help, and can omit validators', async () => {
    const tiny = Buffer.from('<p>a</p>');
    const page = await preparePage(tiny, { csp: '', validators: false, noindex: true });
    expect(page.representations.br.body).toBe(tiny);
    expect(page.representations.br.headers['content-encoding']).toBeUndefined();
    expect(page.representations.br.headers['x-robots-tag']).toBe('noindex');
    expect(page.representations.br.etag).toBeUndefined();
    expect(page.etags.size).toBe(0);
  });
});

describe('matchesEntityTag', () => {
  const etags = new Set(['"abc"', '"abc-br"']);
  it.each([
    ['"abc"', true],
    ['"abc-br"', true],
    ['W/"abc"', true],
    ['"x", "abc-br"', true],
    ['*', true],
    ['"abd"', false],
    ['abc', false],
  ])('%s → %s', (header, expected) => {
    expect(matchesEntityTag(header, etags)).toBe(expected);
  });

  it('never matches a page without validators', () => {
    expect(matchesEntityTag('*', new Set())).toBe(false);
  });
});
