import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults the site URL to http://localhost:3000', () => {
    expect(parseEnv({}).VITE_SITE_URL).toBe('http://localhost:3000');
    expect(parseEnv({ VITE_SITE_URL: '' }).VITE_SITE_URL).toBe('http://localhost:3000');
  });

  it('keeps the origin of a valid URL', () => {
    expect(parseEnv({ VITE_SITE_URL: 'https://www.centro.org.br/' }).VITE_SITE_URL).toBe(
      'https://www.centro.org.br',
    );
  });

  it('rejects anything else with a readable message', () => {
    expect(() => parseEnv({ VITE_SITE_URL: 'not a url' })).toThrow(/VITE_SITE_URL/);
    expect(() => parseEnv({ VITE_SITE_URL: 'ftp://centro.org.br' })).toThrow(/VITE_SITE_URL/);
    expect(() => parseEnv({ VITE_SITE_URL: 'https://centro.org.br/site' })).toThrow(/origin/);
  });
});
