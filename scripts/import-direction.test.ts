/**
 * The import-direction rules exist and fail: the website's (eslint.config.js: shared → features →
 * routes, no feature into another, no zod entry in the browser) and the server's (composition →
 * routes → plugins → domains → ports and adapters → db/config, decision 041): each fixture under
 * fixtures/import-direction is linted with ESLint's Node API as if it stood where its first line
 * says, and must give exactly the expected rule's error; the allowed one must give none. Import
 * cycles are refused on both sides (decision 103).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules that fail on a fixture linted at its stated place in the app. */
async function failingRules(fixture: string): Promise<(string | null)[]> {
  const text = readFileSync(
    new URL(`./fixtures/import-direction/${fixture}`, import.meta.url),
    'utf8',
  );
  const place = /^\/\/ Linted as (\S+):/.exec(text)?.[1];
  if (!place) throw new Error(`${fixture} does not say where it is linted`);
  const [result] = await eslint.lintText(text, { filePath: `${root}${place}` });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('the import-direction lint rule', () => {
  it.each([
    'feature-into-feature.tsx',
    'relative-escape.ts',
    'shared-into-feature.ts',
    'feature-into-route.ts',
    'lib-into-auth.ts',
  ])('refuses %s', async (fixture) => {
    expect(await failingRules(fixture)).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a value from a zod entry in the browser’s code', async () => {
    expect(await failingRules('zod-into-browser.ts')).toEqual(['no-restricted-imports']);
  });

  it('lets a feature import its own modules, shared code and the zod-free entries', async () => {
    expect(await failingRules('allowed.tsx')).toEqual([]);
  });

  it.each([
    'server-config-into-auth.ts',
    'server-config-into-mail.ts',
    'server-adapter-into-domain.ts',
    'server-domain-into-plugin.ts',
    'server-plugin-into-route.ts',
    'server-route-into-app.ts',
    'server-unplaced-into-domain.ts',
  ])('refuses the server’s upward import %s', async (fixture) => {
    expect(await failingRules(fixture)).toEqual(['import-x/no-restricted-paths']);
  });

  it.each(['cycle.ts', 'server-cycle.ts'])('refuses the import cycle of %s', async (fixture) => {
    expect(await failingRules(fixture)).toEqual(['import-x/no-cycle']);
  });

  it('lets a server route import every layer below it', async () => {
    expect(await failingRules('server-allowed.ts')).toEqual([]);
  });
}, 60_000);
