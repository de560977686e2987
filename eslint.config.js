// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';

// The plugin's 4.6 line is CommonJS: its resolver factory is a property of the default export.
const { createNodeResolver } = importX;

/**
 * The website's layers (bulletproof-react's): shared code (every folder of apps/web/app but
 * features/ and routes/) → features/<name>/ → the app (routes/, root.tsx, routes.ts, entry.*).
 * Imports go that way only, and no feature imports another (the route composes them). New folders
 * are covered as they appear.
 */
/** The modules import-x reads to follow imports (for no-cycle): TypeScript, through its parser. */
const parsedModules = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

const WEB_APP = 'apps/web/app';
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const webFolders = readdirSync(`${ROOT}${WEB_APP}`, { withFileTypes: true }).filter((entry) =>
  entry.isDirectory(),
);
const features = readdirSync(`${ROOT}${WEB_APP}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sharedFolders = webFolders
  .map((entry) => entry.name)
  .filter((name) => !['features', 'routes'].includes(name));
const appLayer = [`./${WEB_APP}/routes`, `./${WEB_APP}/root.tsx`, `./${WEB_APP}/routes.ts`];
const importDirection = [
  {
    target: sharedFolders.map((name) => `./${WEB_APP}/${name}`),
    from: [`./${WEB_APP}/features`, ...appLayer],
    message: 'Shared code (lib, components, auth, config…) must not import features or routes.',
  },
  {
    target: [`./${WEB_APP}/config`, `./${WEB_APP}/lib`],
    from: [`./${WEB_APP}/auth`, `./${WEB_APP}/components`],
    message:
      'config/ and lib/ are the bottom of the shared code: they must not import auth/ or components/.',
  },
  {
    target: `./${WEB_APP}/config`,
    from: `./${WEB_APP}/lib`,
    message: 'config/ must not import lib/ (lib/ reads config/).',
  },
  {
    target: `./${WEB_APP}/features`,
    from: appLayer,
    message: 'A feature must not import routes: the route imports the feature.',
  },
  ...features.map((name) => ({
    target: `./${WEB_APP}/features/${name}`,
    from: `./${WEB_APP}/features`,
    except: [`./${name}`],
    message: `Feature "${name}" must not import another feature: compose them in the route, or move what they share to lib/ or components/.`,
  })),
];

/**
 * The server's layers (decision 041), top to bottom; a module imports its own layer or those
 * below it, never one above:
 * 1. composition: app.ts (builds the app), main.ts, shutdown.ts, listen/ (the process);
 * 2. routes/: the HTTP endpoints, one folder per area;
 * 3. plugins/: what every route relies on (services as Fastify plugins, the bearer hook, errors,
 *    OpenAPI, rate limits, security headers, the prerendered site);
 * 4. domains: the rules of enrolment, classes, staff, the participant's space, courses, calendars,
 *    backups, the edited content, the reports, the certificates of completion, and the site (its
 *    pages, their publisher and policies);
 * 5. ports and adapters the domains call: auth/ (API tokens, provider tokens), directory/ (local
 *    tables or Graph), idp/ (the built-in OpenID provider, mounted by app.ts), mail/ (outbox and
 *    sender);
 * 6. foundation: db/, config/, http/ (what every page served shares: its CSP) and the leaf
 *    modules beside app.ts (data-dir, logging, request activity).
 * A top-level entry of src/ that is in no list below is taken as foundation: it may import nothing
 * of the others until it is placed. Tests compose the whole app and are outside the rule.
 */
const SERVER_SRC = 'apps/server/src';
const serverLayers = [
  { name: 'The composition', paths: ['app.ts', 'main.ts', 'shutdown.ts', 'listen'] },
  { name: 'routes/', paths: ['routes'] },
  { name: 'plugins/', paths: ['plugins'] },
  {
    name: 'the domains',
    paths: [
      'enrolment',
      'classes',
      'staff',
      'participant',
      'courses',
      'backup',
      'content',
      'reports',
      'desk',
      'certificates',
      'site',
    ],
  },
  { name: 'The ports and adapters', paths: ['auth', 'directory', 'idp', 'mail'] },
];
const placed = new Set(serverLayers.flatMap((layer) => layer.paths));
// Everything in src/ outside the layers above, new entries included.
const unplaced = `!(${[...placed].join('|')})`;
const foundation = [`./${SERVER_SRC}/${unplaced}`, `./${SERVER_SRC}/${unplaced}/**`];
const serverPaths = (paths) => paths.map((name) => `./${SERVER_SRC}/${name}`);
/** Modules of a higher layer config/ reads: the settings' types and defaults of mail and of the
 * built-in provider, leaf modules (to move into config/ with their owners' next change). */
const readByConfig = { mail: './types.ts', idp: './constants.ts' };
const bottomMessage =
  'db/, config/ and the leaf modules are the bottom of the server: they import no other layer (decision 041).';
const serverImportDirection = [
  ...serverLayers.slice(1).map((layer, index) => ({
    target: serverPaths(layer.paths),
    from: serverLayers.slice(0, index + 1).flatMap((above) => serverPaths(above.paths)),
    message: `${layer.name} must not import a layer above (routes → plugins → domains → ports and adapters → db/config; decision 041).`,
  })),
  {
    target: foundation,
    from: serverPaths([...placed].filter((name) => !(name in readByConfig))),
    message: bottomMessage,
  },
  ...Object.entries(readByConfig).map(([name, leaf]) => ({
    target: foundation,
    from: `./${SERVER_SRC}/${name}`,
    except: [leaf],
    message: bottomMessage,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '/data/**',
      'coverage/**',
      // Files that break the import-direction rule on purpose (scripts/import-direction.test.ts).
      'scripts/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.strict,
    languageOptions: {
      ...jsxA11y.flatConfigs.strict.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [`${WEB_APP}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      ...parsedModules,
      'import-x/resolver-next': [
        createNodeResolver({
          alias: { '~': [`${ROOT}${WEB_APP}`] },
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          conditionNames: ['types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: importDirection }],
      // A cycle (even of types) hides which module is the lower one; none is allowed (decision 103).
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: [`${SERVER_SRC}/**/*.{ts,tsx}`],
    ignores: [`${SERVER_SRC}/**/*.test.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      ...parsedModules,
      'import-x/resolver-next': [
        createNodeResolver({
          // The server's sources import each other as the .js they compile to.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          conditionNames: ['types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: serverImportDirection }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The browser's code takes the packages' zod-free entries; the main entries (zod, and the
    // content's validation) are for build-time modules (*.server.ts, routes.ts) and tests.
    files: [`${WEB_APP}/**/*.{ts,tsx}`],
    ignores: [`${WEB_APP}/**/*.server.ts`, `${WEB_APP}/routes.ts`, `${WEB_APP}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@centro/contracts',
              allowTypeImports: true,
              message:
                'Its main entry brings zod into the browser: import types only, or a zod-free entry (@centro/contracts/paths, /error-codes, /identity, /formatting, /messages, /lists, /content-rules).',
            },
            {
              name: '@centro/content',
              allowTypeImports: true,
              message:
                'Its main entry brings the validation into the browser: import types only, read content in a data.server.ts loader, or use @centro/content/site.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { 'no-console': 'off' },
  },
);
