import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          // Server test files share each worker's module cache: none mocks modules or mutates globals,
          // and importing Fastify, oidc-provider and Kysely once per worker instead of once per file
          // takes about a third off this project's wall time (decision 027).
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/tests/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
