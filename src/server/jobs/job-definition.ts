// What a module declares to run in the background: a named queue, when it runs, how it
// retries, and a handler that gets plain dependencies (no Fastify objects), so a sweep can be
// called the same way from a test.
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { ServerModule } from '../server-module';

export type JobContext = {
  /** The application role's pool: wrap cross-company sweeps in withSystem, a company's work in withTenant. */
  db: Db;
  /** A child logger naming the job. */
  logger: Logger;
  config: Config;
  /** Wake this server's e-mail dispatcher after committing work that enqueued e-mail. */
  wakeMail: () => void;
  /** pg-boss's id of this run; a retry keeps it. */
  jobId: string;
  /** The modules the server is made of, for a job that uses another module's offer (module-hooks.ts). */
  modules?: readonly ServerModule[];
  /** The owner connection's URL, for the platform's nightly backup only (it reads every company's rows). */
  ownerUrl?: string;
};

export type JobSchedule = {
  /** Five-field cron; pg-boss checks it once a minute, so a minute is the finest slot. */
  cron: string;
  /** The zone the cron reads in: London for anything tied to the UK calendar (DST shifts it), UTC otherwise. */
  timeZone: 'Europe/London' | 'UTC';
};

export type JobRetry = {
  /** Retries after the first attempt fails. */
  limit: number;
  delaySeconds: number;
  /** Doubles the delay on each retry (with jitter, pg-boss's backoff). */
  backoff: boolean;
};

export type JobDefinition = {
  /** The pg-boss queue: module-prefixed, letters, digits and dashes. */
  name: string;
  schedule?: JobSchedule;
  /**
   * Send one run when a server starts (at most one per hour across servers): pg-boss skips a
   * cron slot that passed while no server was running, so a sweep that must not wait for its
   * next slot after downtime asks for this.
   */
  catchUpAtStart?: boolean;
  /**
   * A PostgreSQL NOTIFY channel that sends a run at once (debounced): work queued in a
   * transaction (a trigger NOTIFYs on commit) is done in seconds, not at the next slot.
   */
  wakeOn?: string;
  /** Default: 3 retries, from 30 s with backoff. */
  retry?: JobRetry;
  handler: (context: JobContext) => Promise<void>;
};

export const DEFAULT_JOB_RETRY: JobRetry = { limit: 3, delaySeconds: 30, backoff: true };
