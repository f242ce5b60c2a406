import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; server tests mostly wait on
    // PostgreSQL, so three overlap well (measured: the server suite 298 s → 194 s, the client
    // suite about 140 s, no flakes).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/app/server/**/*.test.ts',
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/modules/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['src/modules/*/client/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'client',
          environment: 'jsdom',
          include: [
            'src/app/client/**/*.test.{ts,tsx}',
            'src/client/**/*.test.{ts,tsx}',
            'src/modules/*/client/**/*.test.{ts,tsx}',
            'src/routes/**/*.test.{ts,tsx}',
            'sw/**/*.test.ts',
          ],
          setupFiles: ['tests/support/client-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
