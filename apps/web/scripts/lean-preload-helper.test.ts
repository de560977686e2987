// The lean preload helper of vite-lean-client.mjs, run in a page (happy-dom).
import { afterEach, describe, expect, it } from 'vitest';
import { preloadHelperSource } from './vite-lean-client.mjs';

type Preload = (load: () => Promise<unknown>, deps?: string[]) => Promise<unknown>;

async function helper(): Promise<Preload> {
  const url = `data:text/javascript,${encodeURIComponent(preloadHelperSource('/'))}`;
  return ((await import(/* @vite-ignore */ url)) as { __vitePreload: Preload }).__vitePreload;
}

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
});

describe('the lean preload helper', () => {
  it("module-preloads the import's chunks once each, skips stylesheets, then imports", async () => {
    const preload = await helper();
    const module = { default: 'chunk' };
    await expect(
      preload(async () => module, ['assets/msal-1.js', 'assets/auth-user-2.js', 'assets/x.css']),
    ).resolves.toBe(module);
    await preload(async () => module, ['assets/msal-1.js']);
    expect(preloads()).toEqual(['/assets/msal-1.js', '/assets/auth-user-2.js']);
  });

  it('imports at once when there is nothing to preload', async () => {
    const preload = await helper();
    await expect(preload(async () => 'loaded')).resolves.toBe('loaded');
    expect(preloads()).toEqual([]);
  });

  it('passes a failed import on', async () => {
    const preload = await helper();
    await expect(preload(() => Promise.reject(new TypeError('offline')), [])).rejects.toThrow(
      'offline',
    );
  });
});
