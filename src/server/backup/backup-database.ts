// Which database a backup or restore command works on: DATABASE_URL's, or the embedded one of
// DATA_DIR — reached through the running server's cluster when a server holds the data
// directory (a backup may run beside it), or started for the command's length when none does.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { AppError } from '../../shared/app-error';
import type { Config } from '../config';
import { acquireDataDirLock, runningEmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres';
import { EMBEDDED_DATABASE, withDatabaseName } from '../db/open';
import { ensureDatabaseExists } from './backup.queries';

type Log = { info: (message: string) => void; warn: (message: string) => void };

async function ensureEmbeddedDatabase(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await ensureDatabaseExists(client, EMBEDDED_DATABASE);
  } finally {
    await client.end();
  }
  return withDatabaseName(serverUrl, EMBEDDED_DATABASE);
}

export async function withOwnerDatabase<T>(
  options: { config: Config; purpose: 'backup' | 'restore'; log: Log },
  fn: (ownerUrl: string) => Promise<T>,
): Promise<T> {
  const { config, purpose, log } = options;
  if (config.databaseUrl) return fn(config.databaseUrl);
  const running = runningEmbeddedPostgres(config.dataDir);
  if (running) {
    if (purpose === 'restore')
      throw new AppError('conflict', {
        message: `A Stafflane server is running on the data directory ${config.dataDir}. Stop it before restoring into it, or restore into another DATA_DIR.`,
      });
    return fn(withDatabaseName(running, EMBEDDED_DATABASE));
  }
  if (purpose === 'backup' && !fs.existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION')))
    throw new AppError('notFound', {
      message: `There is no database in the data directory ${config.dataDir}: set DATA_DIR (or DATABASE_URL) to the one to back up.`,
    });
  const release = acquireDataDirLock(config.dataDir);
  try {
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPort, log });
    try {
      return await fn(await ensureEmbeddedDatabase(embedded.url));
    } finally {
      await embedded.stop();
    }
  } finally {
    release();
  }
}
