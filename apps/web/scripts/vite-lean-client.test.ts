// @vitest-environment node
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  clientRolldownOptions,
  COMPILE_HINT,
  compileHintFor,
  FRAMEWORK_MODULE,
  leanPreloadHelper,
  PRELOAD_HELPER_ID,
  preloadHelperSource,
  reactRouterProductionBuild,
  shellGroup,
  WARNING_FUNCTIONS,
} from './vite-lean-client.mjs';

/** Calls a plugin hook given as a function (the plugins here give no object hooks). */
const call = (hook: Plugin['resolveId'] | Plugin['load'], ...args: unknown[]) =>
  (hook as (...a: unknown[]) => unknown).call({}, ...args);

describe('reactRouterProductionBuild', () => {
  const plugin = reactRouterProductionBuild();

  it("resolves React Router's entries to its production build, which exists", () => {
    for (const id of ['react-router', 'react-router/dom']) {
      const file = call(plugin.resolveId, id) as string;
      expect(file, id).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]/);
      expect(existsSync(file), file).toBe(true);
    }
    expect(call(plugin.resolveId, 'react')).toBeNull();
  });

  it('applies to the client build only', () => {
    expect(plugin.apply).toBe('build');
    const applies = plugin.applyToEnvironment as (env: { name: string }) => boolean;
    expect(applies({ name: 'client' })).toBe(true);
    expect(applies({ name: 'ssr' })).toBe(false);
  });
});

describe('leanPreloadHelper', () => {
  it("replaces Vite's preload helper with the lean one, for the site's base", () => {
    const plugin = leanPreloadHelper();
    (plugin.configResolved as (config: { base: string }) => void)({ base: '/portal/' });
    expect(call(plugin.load, PRELOAD_HELPER_ID)).toBe(preloadHelperSource('/portal/'));
    expect(call(plugin.load, '/app/root.tsx')).toBeNull();
  });

  it('refuses a relative base', () => {
    const plugin = leanPreloadHelper();
    expect(() =>
      (plugin.configResolved as (config: { base: string }) => void)({ base: './' }),
    ).toThrow(/absolute base/);
  });
});

describe('FRAMEWORK_MODULE', () => {
  it('takes React, React DOM, the scheduler and React Router, nothing else', () => {
    for (const id of [
      '/r/node_modules/react/cjs/react.production.js',
      '/r/node_modules/react-dom/cjs/react-dom-client.production.js',
      '/r/node_modules/scheduler/index.js',
      '/r/node_modules/react-router/dist/production/index.mjs',
    ]) {
      expect(FRAMEWORK_MODULE.test(id), id).toBe(true);
    }
    for (const id of [
      '/r/node_modules/react-toastify/dist/unstyled.mjs',
      '/r/node_modules/@azure/msal-browser/dist/index.mjs',
      '/r/apps/web/app/react/x.ts',
    ]) {
      expect(FRAMEWORK_MODULE.test(id), id).toBe(false);
    }
  });
});

describe('compileHintFor', () => {
  it("starts the framework's chunk with V8's compile hint, and no other chunk", () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
    expect(compileHintFor({ name: 'framework' })).toBe(COMPILE_HINT);
    for (const name of ['root', 'msal-session', 'equipe', 'entry.client']) {
      expect(compileHintFor({ name }), name).toBe('');
    }
  });
});

describe('WARNING_FUNCTIONS', () => {
  it('names no function of the app (calls of those names are dropped from the build)', async () => {
    const app = fileURLToPath(new URL('../app/', import.meta.url));
    const files = (await readdir(app, { recursive: true })).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    const declaration = new RegExp(
      `\\b(function\\s+|(const|let|var)\\s+)(${WARNING_FUNCTIONS.join('|')})\\b`,
    );
    for (const file of files) {
      expect(await readFile(path.join(app, file), 'utf8'), file).not.toMatch(declaration);
    }
  });
});

describe('shellGroup', () => {
  // A module graph as Rolldown gives it: the root route, what it imports, and a route's own modules.
  const graph: Record<string, string[]> = {
    '/w/app/root.tsx': ['/w/app/auth/auth-provider.tsx', '/w/node_modules/react/index.js'],
    '/w/app/auth/auth-provider.tsx': ['/w/app/auth/use-auth.ts', PRELOAD_HELPER_ID],
    '/w/app/auth/use-auth.ts': [],
    '/w/app/routes/course.tsx': ['/w/app/auth/use-auth.ts', '/w/app/lib/api-client.ts'],
    '/w/app/lib/api-client.ts': [],
    '/w/app/components/content-image.tsx': [],
    '/w/node_modules/react/index.js': [],
    [PRELOAD_HELPER_ID]: [],
  };
  const context = {
    getModuleInfo: (id: string) => (graph[id] ? { importedIds: graph[id] } : null),
  };

  it("takes the root route's own modules, the preload helper and the picture; nothing else", () => {
    const group = shellGroup();
    const test = group.test as (id: string) => boolean;
    const name = group.name as (id: string, ctx: typeof context) => string | null;
    for (const id of Object.keys(graph)) expect(test(id)).toBe(true);
    const shell = Object.keys(graph).filter((id) => name(id, context) === 'shell');
    expect(shell.sort()).toEqual(
      [
        '/w/app/root.tsx',
        '/w/app/auth/auth-provider.tsx',
        '/w/app/auth/use-auth.ts',
        '/w/app/components/content-image.tsx',
        PRELOAD_HELPER_ID,
      ].sort(),
    );
  });

  it('is in the client build, after the framework', () => {
    const output = clientRolldownOptions?.output as {
      codeSplitting: { groups: { name: unknown }[] };
    };
    const [framework, shell] = output.codeSplitting.groups;
    expect(framework?.name).toBe('framework');
    expect(typeof shell?.name).toBe('function');
  });
});
