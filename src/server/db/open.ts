// Opens the database the configuration names: the embedded PostgreSQL under DATA_DIR when
// no DATABASE_URL is set, otherwise the external one. Migrates, seeds when asked, sets up
// the application login (unless APP_DATABASE_URL names one), and returns its connection.
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { checkAppDatabaseUrl, ensureAppLogin } from './app-login';
import { createDb, createPool, type Db } from './database';
import { acquireDataDirLock, embeddedConnectionsFor, runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { migrate } from './migrate';

/** Whether the demo company was made now, or found there already. */
export type SeedResult = { created: boolean };

/** How the composition seeds its demo company (src/app/server/seed.ts): on a first start when SEED_DEMO asks, or finds it there. */
export type DemoSeeding = {
  seed: (ownerDb: Db, config: Config) => Promise<SeedResult>;
  find: (ownerDb: Db) => Promise<SeedResult | null>;
};

export type OpenDatabase = {
  db: Db;
  ownerUrl: string;
  /** The application login's URL: the request pool and the realtime LISTEN connection use it. */
  appUrl: string;
  embedded: boolean;
  seed: SeedResult | null;
  close: () => Promise<void>;
};

/** The database the embedded cluster keeps Stafflane in. */
export const EMBEDDED_DATABASE = 'stafflane';

async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * `shareRunningServer`: when a live server already runs the embedded PostgreSQL of DATA_DIR,
 * use that cluster instead of refusing the data directory (commands run beside the server).
 */
export async function openDatabase(
  config: Config,
  log: Logger,
  options: { shareRunningServer?: boolean; demo?: DemoSeeding } = {},
): Promise<OpenDatabase> {
  const running = !config.databaseUrl && options.shareRunningServer ? runningEmbeddedPostgres(config.dataDir) : null;
  let ownerUrl = config.databaseUrl ?? (running ? withDatabaseName(running, EMBEDDED_DATABASE) : undefined);
  let stopEmbedded = async () => undefined as void;
  let releaseLock = () => undefined as void;
  if (!ownerUrl) {
    releaseLock = acquireDataDirLock(config.dataDir);
    try {
      const embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPort,
        log: { info: (m) => log.info(m), warn: (m) => log.warn(m) },
        maxConnections: embeddedConnectionsFor(config.poolSize),
      });
      stopEmbedded = embedded.stop;
      await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
      ownerUrl = withDatabaseName(embedded.url, EMBEDDED_DATABASE);
    } catch (error) {
      await stopEmbedded();
      releaseLock();
      throw error;
    }
  }

  const ownerPool = createPool(ownerUrl, { max: 2 });
  const ownerDb = createDb(ownerPool);
  let seed: SeedResult | null = null;
  let appUrl: string;
  try {
    const applied = await migrate(ownerDb);
    if (applied.length) log.info(`Applied migrations: ${applied.join(', ')}`);
    if (options.demo) seed = config.seedDemo ? await options.demo.seed(ownerDb, config) : await options.demo.find(ownerDb);
    if (config.appDatabaseUrl) await checkAppDatabaseUrl((appUrl = config.appDatabaseUrl));
    else appUrl = await ensureAppLogin(ownerDb, ownerUrl);
  } catch (error) {
    await ownerDb.destroy();
    await stopEmbedded();
    releaseLock();
    throw error;
  }
  await ownerDb.destroy();

  const db = createDb(createPool(appUrl, { max: config.poolSize, requests: true }));
  return {
    db,
    ownerUrl,
    appUrl,
    embedded: !config.databaseUrl,
    seed,
    close: async () => {
      await db.destroy();
      await stopEmbedded();
      releaseLock();
    },
  };
}
