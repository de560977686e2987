import { afterEach, describe, expect, it } from 'vitest';
import { clearApiToken, readApiToken, storeApiToken, tokenStorageKey } from './token-store';

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
