// The runs a start catches up on (catchUpAtStart) wait until the server has answered its first
// requests, so that a heavy catch-up does not slow them: none runs while the new server has
// answered nothing, and the catch-up follows its first answer within a second or so.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/app/server/server';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';
import { testConfig } from '../../support/test-app';

let database: TestDatabase;
let server: RunningServer | undefined;
const runs: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await server?.stop();
  await database.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('catch-up runs at start', () => {
  it('wait for the server’s first answer, then run', async () => {
    server = await startServer({
      config: testConfig({
        DATABASE_URL: database.ownerUrl,
        SEED_DEMO: '0',
        HOST: '127.0.0.1',
        PORT: '0',
        SHUTDOWN_TIMEOUT_MS: '6000',
        JOBS_CATCH_UP_DELAY_MS: '60000',
      }),
      logger: pino({ level: 'silent' }),
      jobs: [{ name: 'test-catch-up-later', catchUpAtStart: true, handler: async () => void runs.push(Date.now()) }],
      jobTiming: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    });
    // Workers polling twice a second would have found a queued run by now.
    await sleep(2_000);
    expect(runs).toHaveLength(0);

    const answeredAt = Date.now();
    expect((await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/health`)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (runs.length === 0 && Date.now() < deadline) await sleep(50);
    expect(runs).toHaveLength(1);
    expect(runs[0]! - answeredAt).toBeLessThan(5_000);
  }, 30_000);
});
