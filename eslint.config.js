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
                'Its main entry brings zod into the browser: import types only, or a zod-free entry (@centro/contracts/paths, /error-codes, /identity, /formatting, /messages).',
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
