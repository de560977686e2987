import { afterEach, describe, expect, it } from 'vitest';
import {
  clearApiToken,
  readApiToken,
  readBoundApiToken,
  storeApiToken,
  tokenStorageKey,
} from './token-store';

afterEach(() => localStorage.clear());

describe('the stored backend token', () => {
  it('is keyed by the portal host, port included', () => {
    expect(tokenStorageKey({ host: 'www.centro.org.br' })).toBe('www.centro.org.br');
    expect(tokenStorageKey({ host: 'localhost:3000' })).toBe('localhost:3000');
    expect(tokenStorageKey()).toBe(window.location.host);
  });

  it('lives in localStorage under that key until cleared', () => {
    storeApiToken('token-1');
    expect(localStorage.getItem(window.location.host)).toBe('token-1');
    expect(readApiToken()).toBe('token-1');
    storeApiToken('token-2');
    expect(readApiToken()).toBe('token-2');
    clearApiToken();
    expect(localStorage.getItem(window.location.host)).toBeNull();
    expect(sessionStorage.getItem(window.location.host)).toBeNull();
  });
});

describe('readBoundApiToken', () => {
  const segment = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const tokenOf = (claims: object) => `${segment({ alg: 'HS256' })}.${segment(claims)}.signature`;

  it('gives the token bound to a person', () => {
    const token = tokenOf({ sub: '4f1c2a9e-7b1d-4c55-9f0e-2d8a1b3c4d5e', exp: 1 });
    storeApiToken(token);
    expect(readBoundApiToken()).toBe(token);
  });

  it('gives nothing for the anonymous token of "Acessar", or for something unreadable', () => {
    storeApiToken(tokenOf({ anon: true, exp: 1 }));
    expect(readBoundApiToken()).toBeNull();
    storeApiToken('not-a-token');
    expect(readBoundApiToken()).toBeNull();
    clearApiToken();
    expect(readBoundApiToken()).toBeNull();
  });
});
