// A data directory that has run for a day of background jobs, made reproducibly: a first start
// of the server on a new data directory (the embedded PostgreSQL made, the demo company seeded
// and its files written, as `npm start` does; no jobs, no port), then every scheduled job run as many times as
// its cron fires in one day (the every-minute sweeps 1,440 times, the hourly ones 24, the
// nightly backup and retention once), in the day's order, through pg-boss's own queues as the
// server runs them (queued, fetched, completed or failed), with the e-mail the runs enqueue
// sent to the log. The handlers run at the machine's clock, so a day is replayed in a few
// minutes rather than waited for. `npm run bench:startup` measures its starts on a copy of one.
//
// `node --import tsx tests/bench/day-of-jobs.ts [dir]` makes one (default .tmp/day-of-jobs),
// replacing what is there; dayOfJobsDataDir() gives the one for the current sources, made once.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { serverModules } from '../../src/app/server/modules';
import { startServer } from '../../src/app/server/server';
import type { JobDefinition } from '../../src/server/jobs/job-definition';
import { collectJobs } from '../../src/server/jobs/job-list';
import { startJobs } from '../../src/server/jobs/job-runner';
import { createLogger } from '../../src/server/logger';
import { createMailDispatcher } from '../../src/server/mail/mail-dispatcher';
import { migrations } from '../../src/server/db/migrations/index';
import { packageVersion } from '../../src/server/package-version';
import { benchConfig } from './bench-support';

const root = path.resolve(import.meta.dirname, '../..');

/** The day replayed: a Tuesday outside the clock changes, so every cron fires its usual number of times. */
const DAY = '2026-03-03';

/** Whether one field of a five-field cron ("*", "*\/10", "5", "1-5", "0,30") matches `value`. */
function fieldMatches(field: string, value: number): boolean {
  return field.split(',').some((part) => {
    const [range, stepText] = part.split('/');
    const step = Number(stepText ?? 1);
    if (range === '*') return value % step === 0;
    const [from, to] = (range ?? '').split('-').map(Number);
    if (to === undefined) return stepText === undefined ? value === from : value >= from! && (value - from!) % step === 0;
    return value >= from! && value <= to && (value - from!) % step === 0;
  });
}

/** The minutes of DAY (0–1439, local to the cron's zone, which moves no clock that day) at which `cron` fires. */
export function firingsInADay(cron: string): number[] {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = cron.trim().split(/\s+/);
  const date = new Date(`${DAY}T00:00:00Z`);
  const dayFits =
    fieldMatches(dayOfMonth!, date.getUTCDate()) &&
    fieldMatches(month!, date.getUTCMonth() + 1) &&
    fieldMatches(dayOfWeek!, date.getUTCDay());
  if (!dayFits) return [];
  const minutes: number[] = [];
  for (let at = 0; at < 24 * 60; at++) if (fieldMatches(hour!, Math.floor(at / 60)) && fieldMatches(minute!, at % 60)) minutes.push(at);
  return minutes;
}

/** Names what the directory is made from: a change to the schema, the jobs or this script makes a new one. */
function sourcesKey(definitions: readonly JobDefinition[]): string {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(import.meta.filename));
  hash.update(Object.keys(migrations).join('\n'));
  hash.update(definitions.map((job) => `${job.name} ${job.schedule?.cron ?? ''}`).join('\n'));
  hash.update(packageVersion());
  return hash.digest('hex').slice(0, 12);
}

export type DayOfJobsSummary = { runs: number; failed: number; byJob: Record<string, number>; seconds: number };

/** Makes a day-of-jobs data directory in `dataDir` (anything there is replaced). */
export async function makeDayOfJobs(dataDir: string, log: (line: string) => void = console.log): Promise<DayOfJobsSummary> {
  const startedAt = performance.now();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = benchConfig(
    dataDir,
    {
      RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX,
      SEED_DEMO: '1',
      EMBEDDED_PG_PORT: '0',
      HOST: '127.0.0.1',
      PORT: '0',
      JOBS_ENABLED: '0',
      CLIENT_DIST_DIR: path.join(root, '.tmp/no-client'),
    },
    packageVersion(),
  );
  const logger = createLogger(config);
  log(`First start on ${path.relative(root, dataDir)} (seeds the demo company)…`);
  const server = await startServer({ config, logger });
  const { database } = server;
  const definitions = collectJobs(serverModules);
  const mail = createMailDispatcher({ db: database.db, logger, ...config.mail, intervalMs: config.mail.pollMs });
  const summary: DayOfJobsSummary = { runs: 0, failed: 0, byJob: {}, seconds: 0 };
  try {
    // The queues and schedules exactly as a server makes them; its workers are stopped at once,
    // so the day's runs below are the only ones.
    const runner = await startJobs({
      ownerUrl: database.ownerUrl,
      db: database.db,
      logger,
      config,
      wakeMail: () => undefined,
      definitions,
      modules: serverModules,
      catchUpWhen: new Promise<void>(() => undefined),
    });
    await runner.stop(10_000);

    const boss = new PgBoss({
      connectionString: database.ownerUrl,
      application_name: 'stafflane-jobs',
      max: 2,
      supervise: false,
      schedule: false,
    });
    boss.on('error', (error) => logger.warn({ err: error }, 'day of jobs: pg-boss error'));
    await boss.start();
    const day = Array.from({ length: 24 * 60 }, () => [] as JobDefinition[]);
    for (const job of definitions) if (job.schedule) for (const minute of firingsInADay(job.schedule.cron)) day[minute]!.push(job);
    const total = day.reduce((sum, jobs) => sum + jobs.length, 0);
    log(`Running a day of scheduled jobs (${total} runs of ${definitions.filter((job) => job.schedule).length} jobs)…`);
    for (const [minute, jobs] of day.entries()) {
      for (const job of jobs) {
        await boss.send(job.name, {});
        const [run] = await boss.fetch(job.name, { batchSize: 1 });
        if (!run) throw new Error(`The ${job.name} run just queued could not be fetched.`);
        try {
          await job.handler({
            db: database.db,
            logger: logger.child({ job: job.name }),
            config,
            wakeMail: () => mail.wake(),
            jobId: run.id,
            ownerUrl: database.ownerUrl,
            modules: serverModules,
          });
          await boss.complete(job.name, run.id);
        } catch (error) {
          summary.failed++;
          await boss.fail(job.name, run.id, { message: (error as Error).message });
        }
        summary.runs++;
        summary.byJob[job.name] = (summary.byJob[job.name] ?? 0) + 1;
      }
      if (minute % 240 === 239) log(`  ${String(Math.floor((minute + 1) / 60)).padStart(2, '0')}:00, ${summary.runs} runs`);
    }
    await mail.drain();
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  } finally {
    await mail.stop();
    await server.stop();
  }
  summary.seconds = Math.round((performance.now() - startedAt) / 1000);
  fs.writeFileSync(path.join(dataDir, 'day-of-jobs.json'), `${JSON.stringify({ day: DAY, ...summary }, null, 2)}\n`);
  log(`A day of jobs: ${summary.runs} runs (${summary.failed} failed) in ${summary.seconds} s.`);
  return summary;
}

/**
 * The day-of-jobs directory for the current sources under .tmp/day-of-jobs, made when missing:
 * a benchmark copies it rather than start on it, so every measurement starts from the same one.
 */
export async function dayOfJobsDataDir(log: (line: string) => void = console.log): Promise<string> {
  const dir = path.join(root, '.tmp/day-of-jobs', sourcesKey(collectJobs(serverModules)));
  if (fs.existsSync(path.join(dir, 'day-of-jobs.json'))) return dir;
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  await makeDayOfJobs(dir, log);
  return dir;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  await makeDayOfJobs(path.resolve(process.argv[2] ?? path.join(root, '.tmp/day-of-jobs/manual')));
  // The modules' timers (caches, pg-boss's clocks) would keep the process waiting; the work is done.
  process.exit(0);
}
