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
          // Two files run at once on two cores (above): a test that builds a second server, signs a
          // person up and waits for the clock's next second can pass Vitest's 5 s default while the
          // other worker is busy (a hook that starts servers, its 10 s). A limit here only catches a
          // hang; no test measures speed.
          testTimeout: 30_000,
          hookTimeout: 30_000,
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
