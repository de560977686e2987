import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is a worker per core but one: a single worker on the CI's 2 cores. The
    // server's tests spend much of their time waiting (child processes, databases, SMTP, timers),
    // so two files at once take about a third off there (decision 072); more cores keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
