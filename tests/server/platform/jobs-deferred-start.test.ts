// pg-boss starts after the server's first answers (JOBS_START_DELAY_MS), so its connections,
// schema check, queues and schedules do not compete with them: a started server holds no job
// connection and has made no job schema until it has answered; its first /api/health answers
// before pg-boss has started; then pg-boss starts, a run queued before that runs, and so does
// the start's catch-up. A server nobody calls starts its jobs after the delay all the same; a
// readiness probe starts them at once and says ready once they run.
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/app/server/server';
import type { JobDefinition } from '../../../src/server/jobs/job-definition';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';
import { testConfig } from '../../support/test-app';

let database: TestDatabase | undefined;
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.stop();
  await database?.drop();
  server = undefined;
  database = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function jobsRecordingInto(runs: string[]): JobDefinition[] {
  return [
    { name: 'test-deferred-catch-up', catchUpAtStart: true, handler: async () => void runs.push('catch-up') },
    { name: 'test-deferred-sent', handler: async () => void runs.push('sent') },
  ];
}

async function start(db: TestDatabase, runs: string[], startDelayMs: number): Promise<RunningServer> {
  return startServer({
    config: testConfig({
      DATABASE_URL: db.ownerUrl,
      SEED_DEMO: '0',
      HOST: '127.0.0.1',
      PORT: '0',
      SHUTDOWN_TIMEOUT_MS: '6000',
      JOBS_START_DELAY_MS: String(startDelayMs),
      JOBS_CATCH_UP_DELAY_MS: '60000',
    }),
    logger: pino({ level: 'silent' }),
    jobs: jobsRecordingInto(runs),
    jobTiming: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
  });
}

/** What pg-boss has left in the database: its schema, and the connections it holds (named as the job runner's). */
async function jobTraces(db: TestDatabase): Promise<{ schema: boolean; connections: number }> {
  const { rows } = await sql<{ schema: boolean; connections: number }>`
    select to_regnamespace('pgboss') is not null as schema,
      (select count(*)::int from pg_stat_activity where datname = current_database() and application_name = 'stafflane-jobs') as connections
  `.execute(db.ownerDb);
  return rows[0]!;
}

describe('background jobs start after the first answers', () => {
  it('the first /api/health answers before pg-boss starts; then a run queued meanwhile and the catch-up run', async () => {
    database = await createTestDatabase();
    const runs: string[] = [];
    server = await start(database, runs, 60_000);
    let jobsStartedAt: number | undefined;
    void server.jobs!.started.then(() => (jobsStartedAt = Date.now()));

    // Listening, nobody has called: no job connection, no job schema, a queued run waiting.
    await sleep(1_000);
    expect(await jobTraces(database)).toEqual({ schema: false, connections: 0 });
    const sent = server.jobs!.send('test-deferred-sent');

    const health = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/health`);
    const answeredAt = Date.now();
    expect(health.status).toBe(200);
    expect(jobsStartedAt).toBeUndefined();

    await server.jobs!.started;
    expect(jobsStartedAt! - answeredAt).toBeLessThan(10_000);
    expect((await jobTraces(database)).schema).toBe(true);
    expect(await sent).toEqual(expect.any(String));
    await until(() => runs.includes('sent') && runs.includes('catch-up'), 'the queued run and the catch-up run');
    expect(runs.filter((run) => run === 'catch-up')).toHaveLength(1);
  }, 40_000);

  it('a readiness probe starts pg-boss at once and answers ready with the jobs running', async () => {
    database = await createTestDatabase();
    const runs: string[] = [];
    server = await start(database, runs, 60_000);
    const ready = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { parts: { jobs: string } }).parts.jobs).toBe('ok');
    expect(await jobTraces(database)).toMatchObject({ schema: true });
    expect((await jobTraces(database)).connections).toBeGreaterThan(0);
  }, 40_000);

  it('a server nobody calls starts its jobs once JOBS_START_DELAY_MS has passed', async () => {
    database = await createTestDatabase();
    const runs: string[] = [];
    const startedAt = Date.now();
    server = await start(database, runs, 1_500);
    expect((await jobTraces(database)).schema).toBe(false);
    await server.jobs!.started;
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_500);
    expect((await jobTraces(database)).connections).toBeGreaterThan(0);
    await server.jobs!.send('test-deferred-sent');
    await until(() => runs.includes('sent'), 'the run sent after the start');
  }, 40_000);
});
