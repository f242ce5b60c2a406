// The server process: configuration, start-up banner, and a clean stop on SIGTERM, SIGINT or
// SIGHUP (stop accepting, finish in-flight requests, close the pool, stop embedded PostgreSQL).
// A failed start prints one line saying what failed and what to do, with no secret in it, and
// exits with 1. Mail and file storage are tried once started: a warning, not a refusal.
// The embedded PostgreSQL starts first, and the rest of the server's code (its routes, modules
// and demo data: most of the time a start takes) loads while it does, on the other core.
import { ConfigError, loadConfig } from '../../server/config';
import { startEmbeddedCluster } from '../../server/db/embedded-cluster';
import { createLogger } from '../../server/logger';
import { packageVersion } from '../../server/package-version';
import { describeStartupFailure, redactSecrets, secretsOf } from '../../server/startup-error';
import type { RunningServer } from './server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, packageVersion(), { stdoutIsTty: process.stdout.isTTY });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Stafflane could not start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  const startedAt = performance.now();
  const embedded = config.databaseUrl ? undefined : startEmbeddedCluster(config, logger);
  // Reported through startServer, which awaits it; this only keeps a failure meanwhile from counting as unhandled.
  embedded?.catch(() => undefined);
  let server;
  let banner;
  try {
    const [{ startServer }, seed, admin] = await Promise.all([import('./server'), import('./seed'), import('./cli/admin-cli.service')]);
    banner = { ...seed, firstAdministratorHint: admin.firstAdministratorHint };
    server = await startServer({ config, logger, ...(embedded ? { embedded } : {}) });
  } catch (error) {
    logger.debug({ err: error }, 'Start-up failure in detail');
    console.error(redactSecrets(describeStartupFailure(error, config), secretsOf(config)));
    process.exit(1);
  }

  const lines = [`Stafflane ${config.version} is running on ${server.url} (ready in ${Math.round(performance.now() - startedAt)} ms)`];
  if (server.database.seed) {
    lines.push(
      `${server.database.seed.created ? 'Seeded the demo company. ' : ''}This database has demo accounts (password "${banner.DEMO_PASSWORD}", for trying the product only):`,
    );
    for (const line of banner.demoAccountLines()) lines.push(`  ${line}`);
  }
  if (!server.jobs) lines.push('Background jobs are off on this server (JOBS_ENABLED=0).');
  const hint = server.database.seed ? null : await banner.firstAdministratorHint(server.database.db).catch(() => null);
  if (hint) lines.push(hint);
  console.log(lines.join('\n'));
  void warnOfUnreachableParts(server);
  // pg-boss starts after the server's first answers; a server that cannot run its jobs stops as a failed start would.
  server.jobs?.started.catch(async (error: unknown) => {
    logger.debug({ err: error }, 'Background jobs: start-up failure in detail');
    console.error(redactSecrets(describeStartupFailure(error, config), secretsOf(config)));
    await server.stop().catch(() => undefined);
    process.exit(1);
  });

  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    signalled = true;
    logger.info(`${signal} received: finishing requests and stopping`);
    const timer = setTimeout(() => {
      logger.error('Shutdown took too long: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // A closed terminal or a service manager's hang-up: the same clean stop (PostgreSQL included), not a kill.
  process.on('SIGHUP', shutdown);
}

void main();

/** The mail server and the file storage, tried once at start: the health checks log a warning line for each that cannot be reached. */
async function warnOfUnreachableParts(server: RunningServer): Promise<void> {
  await server.app.healthChecks.check(['mail', 'storage']).catch(() => undefined);
}
