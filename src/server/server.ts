// Starts and stops the whole server: database, app, background jobs, listener. main.ts and
// the tests use it; buildApp alone (most tests) runs no background jobs.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp, createAppDeps } from './app';
import type { AppOptions } from './app-deps';
import type { Config } from './config';
import { openDatabase, type OpenDatabase } from './db/open';
import type { JobDefinition } from './jobs/job-definition';
import { collectJobs } from './jobs/job-list';
import { serverModules } from './modules';
import { startJobs, type JobRunner, type JobTiming } from './jobs/job-runner';

export type RunningServer = {
  app: FastifyInstance;
  url: string;
  database: OpenDatabase;
  /** null when JOBS_ENABLED=0. */
  jobs: JobRunner | null;
  stop: () => Promise<void>;
};

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** The part of the shutdown allowance running jobs get to finish; the rest closes the pool and PostgreSQL. */
const jobStopTimeout = (config: Config) => Math.max(1_000, config.shutdownTimeoutMs - 2_000);

export async function startServer(
  options: { config: Config; logger: Logger } & Pick<AppOptions, 'authenticate' | 'modules'> & {
      /** Default: every job of the platform and the modules (tests pass their own). */
      jobs?: readonly JobDefinition[];
      jobTiming?: Partial<JobTiming>;
    },
): Promise<RunningServer> {
  const { config, logger } = options;
  const database = await openDatabase(config, logger);
  let app: FastifyInstance | undefined;
  let jobs: JobRunner | null = null;
  // The database closes after the app has finished: its onClose hooks (the mail dispatcher) still use it.
  try {
    const deps = createAppDeps({
      config,
      logger,
      db: database.db,
      listenUrl: database.appUrl,
      authenticate: options.authenticate,
      modules: options.modules,
    });
    // The app and pg-boss (its schema check, queues and schedules) start side by side: neither needs the other.
    const { mail } = deps;
    const [built, runner] = await Promise.allSettled([
      buildApp(deps),
      config.jobs.enabled
        ? startJobs({
            ownerUrl: database.ownerUrl,
            db: database.db,
            logger,
            config,
            wakeMail: () => mail.wake(),
            definitions: options.jobs ?? collectJobs(options.modules ?? serverModules),
            modules: options.modules ?? serverModules,
            ...(options.jobTiming ? { timing: options.jobTiming } : {}),
          })
        : Promise.resolve(null),
    ]);
    if (built.status === 'fulfilled') app = built.value;
    if (runner.status === 'fulfilled') jobs = runner.value;
    if (built.status === 'rejected') throw built.reason;
    if (runner.status === 'rejected') throw runner.reason;
    await built.value.listen({ host: config.host, port: config.port });
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
  const stop = async () => {
    await Promise.all([jobs?.stop(jobStopTimeout(config)), started.close()]);
    await database.close();
  };
  return { app: started, database, jobs, url: `http://${shownHost}:${port}`, stop: () => (stopping ??= stop()) };
}
