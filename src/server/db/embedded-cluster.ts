// The embedded PostgreSQL under DATA_DIR with Stafflane's database in it, ready for the owner
// connection: the data directory locked to this process, the cluster started, the database made
// on a first start. Kept apart from open.ts (migrations, the application login), so the server's
// entry can start it while the rest of the server's code is still loading.
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { acquireDataDirLock, embeddedConnectionsFor, startEmbeddedPostgres } from './embedded-postgres';

/** The database the embedded cluster keeps Stafflane in. */
export const EMBEDDED_DATABASE = 'stafflane';

export type EmbeddedCluster = {
  /** The superuser's URL of Stafflane's database in the cluster. */
  ownerUrl: string;
  /** Stops the cluster and releases the data directory. */
  close: () => Promise<void>;
};

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

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

/** Starts the embedded cluster of `config.dataDir`; a failure leaves it stopped and the data directory free. */
export async function startEmbeddedCluster(config: Config, log: Logger): Promise<EmbeddedCluster> {
  const releaseLock = acquireDataDirLock(config.dataDir);
  let stopEmbedded = async () => undefined as void;
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPort,
      log: { info: (m) => log.info(m), warn: (m) => log.warn(m) },
      maxConnections: embeddedConnectionsFor(config.poolSize),
    });
    stopEmbedded = embedded.stop;
    await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
    return {
      ownerUrl: withDatabaseName(embedded.url, EMBEDDED_DATABASE),
      close: async () => {
        await stopEmbedded();
        releaseLock();
      },
    };
  } catch (error) {
    await stopEmbedded();
    releaseLock();
    throw error;
  }
}
