// Runs the job definitions on pg-boss in the same PostgreSQL: pg-boss keeps its own schema
// (`pgboss`, created and migrated at start through the owner connection), its cron schedules
// are shared by every server on the database, and its workers fetch with row locks, so each
// scheduled slot runs once however many servers there are.
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { DEFAULT_JOB_RETRY, type JobDefinition } from './job-definition';
import { withJobsSetupLock } from './jobs.queries';
import type { ServerModule } from '../server-module';
import { startRealtimeListener, type RealtimeListener } from '../realtime/realtime-listener';

/** pg-boss's clocks; production keeps its defaults, the jobs test shortens them. */
export type JobTiming = {
  /** How often each worker looks for a job. */
  pollingIntervalSeconds: number;
  /** How often a server checks the schedules (one server per interval does). */
  cronMonitorIntervalSeconds: number;
  /** How often a due schedule is turned into a job. */
  cronWorkerIntervalSeconds: number;
};

export type JobRunner = {
  /** Queues one run now (tests, and a module that wants a run outside its schedule). */
  send: (name: string) => Promise<string | null>;
  /** Stops fetching, lets running handlers finish within the timeout, then closes the pool. */
  stop: (timeoutMs: number) => Promise<void>;
  /** Rejects when the runner is stopping or its own connection to the database does not answer (the readiness check). */
  check: () => Promise<void>;
};

const DEFAULT_TIMING: JobTiming = { pollingIntervalSeconds: 10, cronMonitorIntervalSeconds: 30, cronWorkerIntervalSeconds: 5 };
const CATCH_UP_WINDOW_SECONDS = 60 * 60;
/** NOTIFYs on a wakeOn channel within this window send one run. */
const WAKE_DEBOUNCE_MS = 100;

export async function startJobs(options: {
  /** The owner connection: pg-boss creates and migrates its schema through it. */
  ownerUrl: string;
  db: Db;
  logger: Logger;
  config: Config;
  wakeMail: () => void;
  definitions: readonly JobDefinition[];
  timing?: Partial<JobTiming>;
  /** Handed to every handler (JobContext.modules). */
  modules?: readonly ServerModule[];
  /**
   * When the runs a start catches up on (catchUpAtStart) may be queued: the server passes "once
   * it has answered its first requests", so a heavy catch-up does not slow them. Unset: at once.
   */
  catchUpWhen?: Promise<void>;
}): Promise<JobRunner> {
  const { definitions, logger } = options;
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const names = new Set(definitions.map((job) => job.name));
  if (names.size !== definitions.length) throw new Error('Two background jobs have the same name.');

  const boss = new PgBoss({
    connectionString: options.ownerUrl,
    application_name: 'stafflane-jobs',
    // One connection: pg-boss sends each of its operations as one query (its workers' fetches,
    // the schedules, the maintenance), each a millisecond or two for a small company, so they
    // take turns on it; every idle connection holds 5–8 MiB of PostgreSQL's memory
    // (docs/benchmarks.md, idle memory).
    max: 1,
    cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds,
    cronWorkerIntervalSeconds: timing.cronWorkerIntervalSeconds,
  });
  let stopping = false;
  let listener: RealtimeListener | null = null;
  const workerIds = new Map<string, string>();
  // pg's pool reports its connections being ended while the database stops right after it.
  boss.on('error', (error) => logger[stopping ? 'debug' : 'error']({ err: error }, 'Background jobs: pg-boss error'));
  try {
    await withJobsSetupLock(options.ownerUrl, async () => {
      await boss.start();
      for (const job of definitions) {
        const retry = job.retry ?? DEFAULT_JOB_RETRY;
        // One run of a job at a time across servers; a queue made by an earlier version takes the current retry policy.
        const queue = {
          name: job.name,
          policy: 'singleton' as const,
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: retry.backoff,
        };
        await boss.createQueue(job.name, queue);
        await boss.updateQueue(job.name, queue);
      }
      // A schedule whose job was removed or lost its schedule would keep filling a queue nobody works.
      for (const schedule of await boss.getSchedules()) {
        if (!definitions.find((job) => job.name === schedule.name)?.schedule) await boss.unschedule(schedule.name);
      }
      for (const job of definitions) {
        if (job.schedule) await boss.schedule(job.name, job.schedule.cron, {}, { tz: job.schedule.timeZone });
      }
      // Before the workers start, so their first fetch finds these.
      if (!options.catchUpWhen) await queueCatchUps(boss, definitions);
    });
    for (const job of definitions) {
      const jobLogger = logger.child({ job: job.name });
      const workerId = await boss.work(
        job.name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: timing.pollingIntervalSeconds },
        async ([run]) => {
          if (!run) return;
          const startedAt = performance.now();
          try {
            await job.handler({
              db: options.db,
              logger: jobLogger,
              config: options.config,
              wakeMail: options.wakeMail,
              jobId: run.id,
              ownerUrl: options.ownerUrl,
              ...(options.modules ? { modules: options.modules } : {}),
            });
            jobLogger.debug({ ms: Math.round(performance.now() - startedAt) }, 'Background job done');
          } catch (error) {
            const willRetry = run.retryCount < run.retryLimit;
            jobLogger[willRetry ? 'warn' : 'error'](
              { err: error, attempt: run.retryCount + 1 },
              willRetry ? 'Background job failed: it will be retried' : 'Background job failed for good',
            );
            throw error;
          }
        },
      );
      workerIds.set(job.name, workerId);
    }
    listener = listenForWakes({ boss, definitions, workerIds, ownerUrl: options.ownerUrl, logger, isStopping: () => stopping });
    // Later: queued once the server says, and the workers told to fetch them now.
    void options.catchUpWhen?.then(async () => {
      if (stopping) return;
      try {
        await queueCatchUps(boss, definitions);
        for (const job of definitions) {
          const workerId = job.catchUpAtStart ? workerIds.get(job.name) : undefined;
          if (workerId) boss.notifyWorker(workerId);
        }
      } catch (error) {
        if (!stopping) logger.warn({ err: error }, 'Background jobs: could not queue the catch-up runs');
      }
    });
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }

  return {
    send: (name) => boss.send(name, {}),
    check: async () => {
      if (stopping) throw new Error('the job runner is stopping');
      if (!(await boss.isInstalled())) throw new Error('the job schema is missing');
    },
    stop: async (timeoutMs) => {
      stopping = true;
      await listener?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}

/** One catch-up run of each job that asks for one, once per window however many servers start. */
async function queueCatchUps(boss: PgBoss, definitions: readonly JobDefinition[]): Promise<void> {
  for (const job of definitions) {
    if (job.catchUpAtStart) await boss.send(job.name, {}, { singletonSeconds: CATCH_UP_WINDOW_SECONDS });
  }
}

/** Jobs with `wakeOn`: a NOTIFY on their channel queues a run and tells this server's worker to fetch it now. */
function listenForWakes(options: {
  boss: PgBoss;
  definitions: readonly JobDefinition[];
  workerIds: ReadonlyMap<string, string>;
  ownerUrl: string;
  logger: Logger;
  isStopping: () => boolean;
}): RealtimeListener | null {
  const { boss, logger } = options;
  const byChannel = new Map<string, string[]>();
  for (const job of options.definitions) {
    if (job.wakeOn) byChannel.set(job.wakeOn, [...(byChannel.get(job.wakeOn) ?? []), job.name]);
  }
  if (byChannel.size === 0) return null;
  const timers = new Map<string, NodeJS.Timeout>();
  const wake = (name: string) => {
    if (timers.has(name) || options.isStopping()) return;
    timers.set(
      name,
      setTimeout(() => {
        timers.delete(name);
        if (options.isStopping()) return;
        boss.send(name, {}).then(
          () => {
            const workerId = options.workerIds.get(name);
            if (workerId) boss.notifyWorker(workerId);
          },
          (error: unknown) => logger.warn({ err: error, job: name }, 'Background job: could not queue a woken run'),
        );
      }, WAKE_DEBOUNCE_MS),
    );
  };
  return startRealtimeListener({
    url: options.ownerUrl,
    // The owner's connection, like pg-boss's: named as the job runner's.
    applicationName: 'stafflane-jobs',
    channels: [...byChannel.keys()],
    logger,
    onNotification: (channel) => byChannel.get(channel)?.forEach(wake),
    // After a (re)connection: whatever was NOTIFYed while nobody listened gets its run.
    onConnected: () => [...byChannel.values()].flat().forEach(wake),
  });
}
