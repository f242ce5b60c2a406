// Health for load balancers, orchestrators and operators: /api/health/live says the process
// answers; /api/health/ready checks what requests and background work need (database, file
// storage, mail transport, job runner) and answers 503 naming the parts that are down;
// /api/health is the older database-only answer, kept for the probes that use it. Answers
// name parts, never the reason (a public endpoint): the reason goes to the log, once when a
// part goes down (a warning saying what to check) and once when it is back. main.ts checks
// mail and storage once at start the same way.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppDeps } from './app-deps';
import type { FileStorage } from './files/storage';
import { pingDatabase } from './health.queries';
import { redactSecrets, secretsOf } from './startup-error';

/** ok; off: not used by this server (no SMTP_URL: mail goes to the log; JOBS_ENABLED=0); down, with why. */
export type PartCheck = { status: 'ok' | 'off' } | { status: 'down'; reason: string };
export type HealthPart = 'database' | 'storage' | 'mail' | 'jobs';
export type Readiness = { ready: boolean; parts: Record<HealthPart, PartCheck> };

const NAMES: Record<HealthPart, string> = {
  database: 'The database',
  storage: 'File storage',
  mail: 'The mail server',
  jobs: 'The job runner',
};
const CHECK_TIMEOUT_MS = 5_000;
/** An SMTP server that answered is asked again only after this long: every probe would otherwise open a mail session. */
const MAIL_OK_FOR_MS = 60_000;

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, $metadata } = error as Error & { code?: string; $metadata?: { httpStatusCode?: number } };
  const status = $metadata?.httpStatusCode ? ` (HTTP ${$metadata.httpStatusCode})` : '';
  const message = error.message && error.message !== 'UnknownError' ? error.message : error.name;
  return `${code && !message.includes(code) ? `${code}: ` : ''}${message}${status}`.replace(/\s*\n\s*/g, ' ');
}

async function timed(work: () => Promise<PartCheck>): Promise<PartCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PartCheck>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'down', reason: `no answer within ${CHECK_TIMEOUT_MS / 1000} s` }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work().catch((error: unknown): PartCheck => ({ status: 'down', reason: reasonOf(error) })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export type HealthChecks = {
  /** Checks the parts named (all by default), side by side. */
  check: (parts?: readonly HealthPart[]) => Promise<Readiness>;
};

export function createHealthChecks(input: {
  deps: Pick<AppDeps, 'config' | 'db' | 'mail' | 'checkJobs'>;
  storage: FileStorage;
  logger: Logger;
}): HealthChecks {
  const { deps, storage, logger } = input;
  const secrets = secretsOf(deps.config);
  const hints: Record<HealthPart, string> = {
    database: 'check DATABASE_URL and that PostgreSQL is running',
    storage:
      deps.config.files.driver === 's3'
        ? 'check FILE_STORAGE, the S3_ settings and the bucket'
        : `check that ${deps.config.dataDir}/files can be written`,
    mail: 'check SMTP_URL; e-mail waits in the outbox and is retried',
    jobs: 'background jobs wait until it is back',
  };
  let mailOkUntil = 0;
  const last = new Map<HealthPart, PartCheck['status']>();
  const checks: Record<HealthPart, () => Promise<PartCheck>> = {
    database: async () => {
      await pingDatabase(deps.db);
      return { status: 'ok' };
    },
    storage: async () => {
      await storage.check?.();
      return { status: 'ok' };
    },
    mail: async () => {
      if (Date.now() < mailOkUntil) return { status: 'ok' };
      const used = await deps.mail.check();
      if (used) mailOkUntil = Date.now() + MAIL_OK_FOR_MS;
      return { status: used ? 'ok' : 'off' };
    },
    jobs: async () => (deps.checkJobs ? deps.checkJobs() : { status: 'off' }),
  };
  return {
    check: async (parts = ['database', 'storage', 'mail', 'jobs']) => {
      const results = await Promise.all(parts.map(async (part) => [part, await timed(checks[part])] as const));
      for (const [part, result] of results) {
        if (result.status === 'down') result.reason = redactSecrets(result.reason, secrets);
        const before = last.get(part);
        if (result.status === 'down' && before !== 'down')
          logger.warn({ part, reason: result.reason }, `Warning: ${NAMES[part]} cannot be reached (${result.reason}): ${hints[part]}.`);
        if (result.status !== 'down' && before === 'down') logger.info({ part }, `${NAMES[part]} can be reached again`);
        last.set(part, result.status);
      }
      const checked = Object.fromEntries(results) as Record<HealthPart, PartCheck>;
      return { ready: results.every(([, result]) => result.status !== 'down'), parts: checked };
    },
  };
}

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const version = deps.config.version;
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await pingDatabase(deps.db);
      return { status: 'ok', database: 'ok', version };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable', version });
    }
  });
  app.get('/api/health/live', { config: { access: 'public' } }, async () => ({ status: 'ok', version }));
  app.get('/api/health/ready', { config: { access: 'public' } }, async (_request, reply) => {
    const { ready, parts } = await app.healthChecks.check();
    const states = Object.fromEntries(Object.entries(parts).map(([part, result]) => [part, result.status]));
    const down = Object.entries(parts)
      .filter(([, result]) => result.status === 'down')
      .map(([part]) => part);
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ready ? { status: 'ready', version, parts: states } : { status: 'unavailable', down, version, parts: states });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The readiness checks (/api/health/ready; the start-up warnings of main.ts). */
    healthChecks: HealthChecks;
  }
}
