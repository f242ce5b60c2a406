// Background jobs on pg-boss with two servers on one (cloned) test database: the schema is
// made at start, a scheduled job runs once per slot, a start-up catch-up runs once, a failing
// job is retried, and a stop waits for a running job. JOBS_ENABLED=0 starts none.
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDefinition } from '../../../src/server/jobs/job-definition';
import { startServer, type RunningServer } from '../../../src/app/server/server';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';
import { testConfig } from '../../support/test-app';

type Run = { job: string; server: string; jobId: string; at: number };

let database: TestDatabase;
const runs: Run[] = [];
const logs: { level: number; msg: string; job?: string; attempt?: number }[] = [];
let slowFinished = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const runsOf = (job: string) => runs.filter((run) => run.job === job);

async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function testJobs(server: string): JobDefinition[] {
  const record = (job: string, jobId: string) => void runs.push({ job, server, jobId, at: Date.now() });
  return [
    {
      name: 'test-every-minute',
      schedule: { cron: '* * * * *', timeZone: 'UTC' },
      handler: async ({ jobId }) => record('test-every-minute', jobId),
    },
    {
      name: 'test-catch-up',
      catchUpAtStart: true,
      handler: async ({ jobId }) => record('test-catch-up', jobId),
    },
    {
      name: 'test-flaky',
      retry: { limit: 3, delaySeconds: 1, backoff: false },
      handler: async ({ jobId }) => {
        record('test-flaky', jobId);
        if (runsOf('test-flaky').length < 3) throw new Error('Not yet');
      },
    },
    {
      name: 'test-slow',
      handler: async ({ jobId }) => {
        record('test-slow', jobId);
        await sleep(1_500);
        slowFinished = true;
      },
    },
  ];
}

const logStream = { write: (line: string) => void logs.push(JSON.parse(line) as (typeof logs)[number]) };

function start(server: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    config: testConfig({
      DATABASE_URL: database.ownerUrl,
      SEED_DEMO: '0',
      HOST: '127.0.0.1',
      PORT: '0',
      SHUTDOWN_TIMEOUT_MS: '6000',
      ...env,
    }),
    logger: pino({ level: 'warn' }, logStream),
    jobs: testJobs(server),
    jobTiming: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
  });
}

const hasBossSchema = async () =>
  (await sql<{ present: boolean }>`select to_regnamespace('pgboss') is not null as present`.execute(database.ownerDb)).rows[0]?.present;

let servers: RunningServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database.drop();
});

describe('background jobs', () => {
  it('JOBS_ENABLED=0: the server starts without pg-boss', async () => {
    const off = await start('off', { JOBS_ENABLED: '0' });
    expect(off.jobs).toBeNull();
    await off.stop();
    expect(await hasBossSchema()).toBe(false);
  });

  it('two servers on a cloned database: pg-boss makes its schema, each slot and the catch-up run once', async () => {
    // Stay clear of a minute (and hour) boundary: a run in the next slot is right, but not what this counts.
    if (new Date().getSeconds() > 45) await sleep((61 - new Date().getSeconds()) * 1000);
    servers = await Promise.all([start('a'), start('b')]);
    expect(await hasBossSchema()).toBe(true);

    await until(() => runsOf('test-every-minute').length > 0 && runsOf('test-catch-up').length > 0, 'the scheduled and catch-up runs');
    // Both servers check the schedule every second meanwhile; the slot stays taken.
    await sleep(4_000);
    expect(runsOf('test-every-minute')).toHaveLength(1);
    expect(runsOf('test-catch-up')).toHaveLength(1);
  }, 40_000);

  it('a failing job is retried with the same id until it succeeds, and the failures are logged as warnings', async () => {
    const id = await servers[0]!.jobs!.send('test-flaky');
    await until(() => runsOf('test-flaky').length === 3, 'three attempts');
    await sleep(2_000);
    expect(runsOf('test-flaky').map((run) => run.jobId)).toEqual([id, id, id]);
    const warnings = logs.filter((log) => log.job === 'test-flaky');
    expect(warnings.map((log) => [log.level, log.msg, log.attempt])).toEqual([
      [40, 'Background job failed: it will be retried', 1],
      [40, 'Background job failed: it will be retried', 2],
    ]);
  }, 30_000);

  it('a stop lets a running job finish', async () => {
    await servers[0]!.jobs!.send('test-slow');
    await until(() => runsOf('test-slow').length === 1, 'the slow job to start');
    const stoppedAt = Date.now();
    const stopping = servers;
    servers = [];
    await Promise.all(stopping.map((server) => server.stop()));
    expect(slowFinished).toBe(true);
    expect(Date.now() - stoppedAt).toBeLessThan(6_000);
  }, 30_000);
});
