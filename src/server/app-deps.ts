// What the app is made with, handed to every module's routes plugin as its `deps` option: the
// one way a route, service or platform helper reaches configuration, the database, the logger
// and the mail outbox.
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/database';
import type { PartCheck } from './health';
import type { MailDispatcher } from './mail/mail-dispatcher';
import type { Authenticator, TokenReader } from './plugins/request-context';
import type { ServerModule } from './server-module';
import type { SmsSender } from './sms/sms-sender';

export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  /** The e-mail outbox's sender: wake it after committing a transaction that enqueued e-mail. */
  mail: MailDispatcher;
  /** Turns a request's bearer token into its session (the auth module's; tests give their own); unset → every request is anonymous. */
  authenticate?: Authenticator;
  /** Reads the token a realtime socket sends (the auth module's); unset → no socket is let in. */
  readToken?: TokenReader;
  /** Sends text messages (two-factor codes); default: none sent, a warning logged. */
  sms?: SmsSender;
  /** Where realtime fan-out LISTENs (one connection per process); unset → sockets get replay but no live events. */
  listenUrl?: string;
  /** The modules the app is made of (src/app/server/modules.ts; tests add their own). */
  modules: readonly ServerModule[];
  /** Queues one run of a background job now; unset where this process runs no jobs (the job's schedule picks the work up). */
  sendJob?: (name: string) => Promise<unknown>;
  /** The job runner's readiness (health.ts); unset → this process runs no jobs ("off"). */
  checkJobs?: () => Promise<PartCheck>;
};

/** What buildApp needs: the product's modules and a mail dispatcher of its own unless told otherwise. */
export type AppOptions = Omit<AppDeps, 'modules' | 'mail'> & { modules?: readonly ServerModule[]; mail?: MailDispatcher };
