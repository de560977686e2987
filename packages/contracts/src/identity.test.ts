import { describe, expect, it } from 'vitest';
import { GUID, isSecureOrLoopback } from './identity.js';

describe('the identity helpers both programs share', () => {
  it('recognise a GUID in any case, and nothing around it', () => {
    expect(GUID.test('11111111-2222-3333-4444-55555555AAAA')).toBe(true);
    expect(GUID.test('11111111-2222-3333-4444-5555555')).toBe(false);
    expect(GUID.test(' 11111111-2222-3333-4444-555555555555')).toBe(false);
  });

  it('allow plain http only on this machine', () => {
    const allowed = (url: string) => isSecureOrLoopback(new URL(url));
    expect(allowed('https://centro.org.br')).toBe(true);
    expect(allowed('http://localhost:3000')).toBe(true);
    expect(allowed('http://127.0.0.1:8080/idp')).toBe(true);
    expect(allowed('http://[::1]:3000')).toBe(true);
    expect(allowed('http://centro.org.br')).toBe(false);
    expect(allowed('http://localhost.example.org')).toBe(false);
    expect(allowed('ftp://localhost')).toBe(false);
  });
});
