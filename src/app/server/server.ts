// Starts and stops the whole server: database, app, background jobs, listener. main.ts and
// the tests use it; buildApp alone (most tests) runs no background jobs.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp, createAppDeps } from './app';
import type { AppOptions } from '../../server/app-deps';
import type { Config } from '../../server/config';
import type { EmbeddedCluster } from '../../server/db/embedded-cluster';
import { openDatabase, type OpenDatabase } from '../../server/db/open';
import { demoSeeding } from './seed';
import type { JobDefinition } from '../../server/jobs/job-definition';
import { collectJobs } from '../../server/jobs/job-list';
import { serverModules } from './modules';
import { startJobs, type JobRunner, type JobTiming } from '../../server/jobs/job-runner';
import { afterFirstAnswers } from '../../server/http/first-answers';

export type RunningServer = {
  app: FastifyInstance;
  url: string;
  database: OpenDatabase;
  /** null when JOBS_ENABLED=0. */
  jobs: JobRunner | null;
  stop: () => Promise<void>;
};

/**
 * The part of the shutdown allowance running jobs get to finish: half, so closing the pool and
 * stopping PostgreSQL (slow on a busy machine) still fit in the rest.
 */
/** How long a server that has answered its first requests stays without one before its start's catch-up runs begin. */
const FIRST_ANSWERS_QUIET_MS = 500;

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
  let jobs: JobRunner | null = null;
  let firstAnswers: ReturnType<typeof afterFirstAnswers> | undefined;
  // A route may queue a job as soon as the server answers, before pg-boss has finished starting.
  let jobsReady: Promise<JobRunner | null> = Promise.resolve(null);
  // The database closes after the app has finished: its onClose hooks (the mail dispatcher) still use it.
  try {
    const deps = createAppDeps({
      config,
      logger,
      db: database.db,
      listenUrl: database.appUrl,
      authenticate: options.authenticate,
      modules: options.modules,
      sendJob: async (name) => (await jobsReady.catch(() => null))?.send(name),
      ...(config.jobs.enabled
        ? {
            checkJobs: async () => {
              if (!jobs) return { status: 'down' as const, reason: 'the job runner is starting' };
              await jobs.check();
              return { status: 'ok' as const };
            },
          }
        : {}),
    });
    // The app and pg-boss (its schema check, queues and schedules) start side by side: neither
    // needs the other, and no request waits for a job to run. The server answers as soon as the
    // app is built; start-up finishes once the jobs have started too (or fails if they cannot).
    const { mail } = deps;
    // The runs a start catches up on wait for the server's first answers (or the delay at most).
    let releaseCatchUp = () => undefined as void;
    const catchUpWhen = new Promise<void>((resolve) => (releaseCatchUp = resolve));
    const jobsStarting: Promise<JobRunner | null> = config.jobs.enabled
      ? startJobs({
          ownerUrl: database.ownerUrl,
          db: database.db,
          logger,
          config,
          wakeMail: () => mail.wake(),
          definitions: options.jobs ?? collectJobs(options.modules ?? serverModules),
          modules: options.modules ?? serverModules,
          ...(options.jobTiming ? { timing: options.jobTiming } : {}),
          ...(config.jobs.catchUpDelayMs > 0 ? { catchUpWhen } : {}),
        })
      : Promise.resolve(null);
    jobsReady = jobsStarting;
    // Awaited below in every case; this only keeps a failure while the app builds from counting as unhandled.
    jobsStarting.catch(() => undefined);
    try {
      app = await buildApp(deps);
      await app.listen({ host: config.host, port: config.port });
      firstAnswers = afterFirstAnswers(app.server, { quietMs: FIRST_ANSWERS_QUIET_MS, maxMs: config.jobs.catchUpDelayMs });
      void firstAnswers.settled.then(releaseCatchUp);
    } finally {
      // When the app failed as well, its error is the one reported; started jobs are stopped below.
      jobs = await jobsStarting.catch((error: unknown) => {
        if (!app?.server.listening) return null;
        throw error;
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
    await Promise.all([timed('background jobs', jobs?.stop(jobStopTimeout(config))), timed('requests and sockets', closeApp(started))]);
    await timed('database', database.close());
  };
  return { app: started, database, jobs, url: `http://${shownHost}:${port}`, stop: () => (stopping ??= stop()) };
}
