// Starts and stops the whole server: database, app, background jobs, listener. main.ts and
// the tests use it; buildApp alone (most tests) runs no background jobs.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp, createAppDeps } from './app';
import type { AppDeps, AppOptions } from '../../server/app-deps';
import type { Config } from '../../server/config';
import type { EmbeddedCluster } from '../../server/db/embedded-cluster';
import { openDatabase, type OpenDatabase } from '../../server/db/open';
import { demoSeeding } from './seed';
import type { JobDefinition } from '../../server/jobs/job-definition';
import { collectJobs } from '../../server/jobs/job-list';
import { serverModules } from './modules';
import { startJobs, type JobTiming } from '../../server/jobs/job-runner';
import { startJobsWhen, type DeferredJobRunner } from '../../server/jobs/deferred-jobs';
import { afterFirstAnswers } from '../../server/http/first-answers';

export type RunningServer = {
  app: FastifyInstance;
  url: string;
  database: OpenDatabase;
  /** null when JOBS_ENABLED=0; `started` says when pg-boss has started (JOBS_START_DELAY_MS). */
  jobs: DeferredJobRunner | null;
  stop: () => Promise<void>;
};

/** How long a server that has answered its first requests stays without one before its start's catch-up runs begin. */
const FIRST_ANSWERS_QUIET_MS = 500;
/** The same before pg-boss starts: a page's first requests come in a burst, then the server has a moment. */
const JOBS_START_QUIET_MS = 200;

/**
 * The part of the shutdown allowance running jobs get to finish: half, so closing the pool and
 * stopping PostgreSQL (slow on a busy machine) still fit in the rest.
 */
const jobStopTimeout = (config: Config) => Math.max(1_000, Math.floor(config.shutdownTimeoutMs / 2));

/**
 * Closes the app once its requests have finished. Fastify closes the connections idle at that
 * moment only; a keep-alive connection whose response was still being sent becomes idle a moment
 * later and would hold the close for the keep-alive timeout (72 s), so idle ones are closed
 * again until the close is done.
 */
async function closeApp(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

export async function startServer(
  options: { config: Config; logger: Logger } & Pick<AppOptions, 'authenticate' | 'modules'> & {
      /** Default: every job of the platform and the modules (tests pass their own). */
      jobs?: readonly JobDefinition[];
      jobTiming?: Partial<JobTiming>;
      /** The embedded PostgreSQL, when the caller has started it already (main.ts, while this code loaded). */
      embedded?: Promise<EmbeddedCluster>;
    },
): Promise<RunningServer> {
  const { config, logger } = options;
  const database = await openDatabase(config, logger, { demo: demoSeeding, ...(options.embedded ? { embedded: options.embedded } : {}) });
  let app: FastifyInstance | undefined;
  let firstAnswers: ReturnType<typeof afterFirstAnswers> | undefined;
  let jobsWait: ReturnType<typeof afterFirstAnswers> | undefined;
  // pg-boss starts once the server has answered its first requests (JOBS_START_DELAY_MS at most
  // after it listens), or, with 0, beside the app as it builds, and the start waits for it.
  const deferJobs = config.jobs.startDelayMs > 0;
  let listened = () => undefined as void;
  const listening = new Promise<void>((resolve) => (listened = resolve));
  const jobsWhen = deferJobs
    ? listening.then(() => {
        jobsWait = afterFirstAnswers(app!.server, { quietMs: JOBS_START_QUIET_MS, maxMs: config.jobs.startDelayMs });
        return jobsWait.settled;
      })
    : Promise.resolve();
  // The runs a start catches up on wait for the server's first answers (or the delay at most).
  let releaseCatchUp = () => undefined as void;
  const catchUpWhen = new Promise<void>((resolve) => (releaseCatchUp = resolve));
  let mail: AppDeps['mail'] | undefined;
  const jobs: DeferredJobRunner | null = config.jobs.enabled
    ? startJobsWhen(jobsWhen, () =>
        startJobs({
          ownerUrl: database.ownerUrl,
          db: database.db,
          logger,
          config,
          wakeMail: () => mail?.wake(),
          definitions: options.jobs ?? collectJobs(options.modules ?? serverModules),
          modules: options.modules ?? serverModules,
          ...(options.jobTiming ? { timing: options.jobTiming } : {}),
          ...(config.jobs.catchUpDelayMs > 0 ? { catchUpWhen } : {}),
        }),
      )
    : null;
  // The database closes after the app has finished: its onClose hooks (the mail dispatcher) still use it.
  try {
    const deps = createAppDeps({
      config,
      logger,
      db: database.db,
      listenUrl: database.appUrl,
      authenticate: options.authenticate,
      modules: options.modules,
      // A route may queue a job as soon as the server answers: the run waits for pg-boss's start.
      sendJob: async (name) => jobs?.send(name),
      ...(jobs
        ? {
            // Asked whether the server is ready, it is once its jobs run: they start now if they were waiting.
            checkJobs: async () => {
              jobs.startNow();
              await jobs.started;
              await jobs.check();
              return { status: 'ok' as const };
            },
          }
        : {}),
    });
    mail = deps.mail;
    try {
      app = await buildApp(deps);
      await app.listen({ host: config.host, port: config.port });
      listened();
      firstAnswers = afterFirstAnswers(app.server, { quietMs: FIRST_ANSWERS_QUIET_MS, maxMs: config.jobs.catchUpDelayMs });
      void firstAnswers.settled.then(releaseCatchUp);
    } finally {
      // Started beside the app: start-up finishes once the jobs have started too, or fails if they
      // cannot (when the app failed as well, its error is the one reported).
      if (jobs && !deferJobs)
        await jobs.started.catch((error: unknown) => {
          if (app?.server.listening) throw error;
        });
    }
  } catch (error) {
    await jobs?.stop(jobStopTimeout(config));
    await app?.close();
    await database.close();
    throw error;
  }
  const started = app!;
  const address = started.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  let stopping: Promise<void> | undefined;
  // Each part says how long it took, so a slow stop names its cause.
  const timed = async (what: string, work: Promise<unknown> | undefined) => {
    const startedAt = performance.now();
    await work;
    logger.info({ ms: Math.round(performance.now() - startedAt) }, `Stopped: ${what}`);
  };
  const stop = async () => {
    firstAnswers?.stop();
    jobsWait?.stop();
    await Promise.all([timed('background jobs', jobs?.stop(jobStopTimeout(config))), timed('requests and sockets', closeApp(started))]);
    await timed('database', database.close());
  };
  return { app: started, database, jobs, url: `http://${shownHost}:${port}`, stop: () => (stopping ??= stop()) };
}
