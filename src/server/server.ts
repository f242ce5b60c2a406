// Starts and stops the whole server: database, app, listener. main.ts and the tests use it.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp, type AppOptions } from './app';
import type { Config } from './config';
import { openDatabase, type OpenDatabase } from './db/open';

export type RunningServer = { app: FastifyInstance; url: string; database: OpenDatabase; stop: () => Promise<void> };

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export async function startServer(
  options: { config: Config; logger: Logger } & Pick<AppOptions, 'authenticate' | 'modules'>,
): Promise<RunningServer> {
  const { config, logger } = options;
  const database = await openDatabase(config, logger);
  let app: FastifyInstance;
  // The database closes after the app has finished: its onClose hooks (the mail dispatcher) still use it.
  try {
    app = await buildApp({
      config,
      logger,
      db: database.db,
      listenUrl: database.appUrl,
      authenticate: options.authenticate,
      modules: options.modules,
    });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  let stopping: Promise<void> | undefined;
  return { app, database, url: `http://${shownHost}:${port}`, stop: () => (stopping ??= app.close().then(database.close)) };
}
