import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const clientTests = [
  'src/app/client/**/*.test.{ts,tsx}',
  'src/client/**/*.test.{ts,tsx}',
  'src/modules/*/client/**/*.test.{ts,tsx}',
  'src/routes/**/*.test.{ts,tsx}',
  'sw/**/*.test.ts',
];

// Test files that replace a module (vi.mock) need a module registry of their own; every other
// file shares its worker's, so the app's modules are imported once per worker instead of once
// per file (measured under load: the server suite's import time 239 s → 47 s for 15 files; the
// client suite 343 s → 75 s).
// A file also gets its own registry when it says so: one whose module-level state (an IndexedDB
// store opened against the file's own fake IndexedDB) must not be one another file made first.
const NEEDS_OWN_REGISTRY = /\bvi\.(do)?[mM]ock\(|^\/\/ Needs a module registry of its own/m;
function filesReplacingModules(dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.test\.tsx?$/.test(entry.name) && NEEDS_OWN_REGISTRY.test(fs.readFileSync(full, 'utf8'))) found.push(full);
    }
  };
  dirs.forEach(walk);
  return found.map((file) => file.split(path.sep).join('/'));
}
const isClientTest = (file: string) => /^(src\/app\/client|src\/client|src\/modules\/[^/]+\/client|src\/routes|sw)\//.test(file);
const mockingTests = filesReplacingModules(['src', 'sw', 'tests', 'scripts']);
const mockingClientTests = mockingTests.filter(isClientTest);
const mockingServerTests = mockingTests.filter((file) => !isClientTest(file));
if (mockingServerTests.length > 0) {
  throw new Error(`The server suite shares module registries; give these files a project of their own: ${mockingServerTests.join(', ')}`);
}

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
          // Each file makes its own database and app; nothing in the server suite replaces a module.
          isolate: false,
        },
      },
      {
        test: {
          name: 'client',
          environment: 'jsdom',
          include: clientTests,
          exclude: mockingClientTests,
          setupFiles: ['tests/support/client-setup.ts'],
          testTimeout: 15_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'client-mocking',
          environment: 'jsdom',
          include: mockingClientTests.length > 0 ? mockingClientTests : ['no-file-mocks-a-module'],
          setupFiles: ['tests/support/client-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
