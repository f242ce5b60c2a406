// Opens the database the configuration names: the embedded PostgreSQL under DATA_DIR when
// no DATABASE_URL is set, otherwise the external one. Migrates, seeds when asked, sets up
// the application login (unless APP_DATABASE_URL names one), and returns its connection.
import type { Logger } from 'pino';
import type { Config } from '../config';
import { checkAppDatabaseUrl, ensureAppLogin } from './app-login';
import { createDb, createPool, type Db } from './database';
import { EMBEDDED_DATABASE, startEmbeddedCluster, withDatabaseName, type EmbeddedCluster } from './embedded-cluster';
import { runningEmbeddedPostgres } from './embedded-postgres';
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

export { EMBEDDED_DATABASE, withDatabaseName };

/**
 * `shareRunningServer`: when a live server already runs the embedded PostgreSQL of DATA_DIR,
 * use that cluster instead of refusing the data directory (commands run beside the server).
 * `embedded`: the embedded cluster already starting (the server's entry starts it while its code
 * loads); otherwise it is started here when no DATABASE_URL is set.
 */
export async function openDatabase(
  config: Config,
  log: Logger,
  options: { shareRunningServer?: boolean; demo?: DemoSeeding; embedded?: Promise<EmbeddedCluster> } = {},
): Promise<OpenDatabase> {
  const running = !config.databaseUrl && options.shareRunningServer ? runningEmbeddedPostgres(config.dataDir) : null;
  let ownerUrl = config.databaseUrl ?? (running ? withDatabaseName(running, EMBEDDED_DATABASE) : undefined);
  let stopEmbedded = async () => undefined as void;
  if (!ownerUrl) {
    const embedded = await (options.embedded ?? startEmbeddedCluster(config, log));
    stopEmbedded = embedded.close;
    ownerUrl = embedded.ownerUrl;
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
    },
  };
}
