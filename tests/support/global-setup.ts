// One PostgreSQL per test run (embedded, or TEST_DATABASE_URL's server) and one migrated
// template database; every test file clones its own database from the template. The
// template's application login (a cluster-wide role, password in its owner_secrets) is the
// one every clone's application pool signs in as; it is dropped with the databases.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureAppLogin } from '../../src/server/db/app-login';
import { findAppLogin, type AppLogin } from '../../src/server/db/app-login.queries';
import { createDb, createPool } from '../../src/server/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import { migrate } from '../../src/server/db/migrate';
import { withDatabaseName } from '../../src/server/db/open';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { serverUrl: string; template: string; prefix: string; appLogin: AppLogin };
  }
}

async function admin(serverUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `sl_test_${process.pid}`;
  const template = `${prefix}_template`;
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = path.resolve('.tmp', `test-pg-${process.pid}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Every test file's pools, and the servers some start as processes: far more than one server's.
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: 0,
      log: { info: () => undefined, warn: () => undefined },
      maxConnections: 200,
    });
    serverUrl = embedded.url;
    // A throwaway cluster: no fsync (each file's database clone took 609 → 262 ms, measured). A
    // crash of PostgreSQL's own processes still loses nothing, as the page cache keeps what was
    // written; only a machine's power cut would, and the cluster is deleted after the run anyway.
    await admin(serverUrl, ['ALTER SYSTEM SET fsync = off', 'ALTER SYSTEM SET full_page_writes = off', 'SELECT pg_reload_conf()']);
  }
  let appLogin: AppLogin | undefined;
  try {
    await admin(serverUrl, [`DROP DATABASE IF EXISTS ${template}`, `CREATE DATABASE ${template}`]);
    const templateUrl = withDatabaseName(serverUrl, template);
    const ownerDb = createDb(createPool(templateUrl, { max: 1 }));
    try {
      await migrate(ownerDb);
      await ensureAppLogin(ownerDb, templateUrl);
      appLogin = await findAppLogin(ownerDb);
    } finally {
      await ownerDb.destroy();
    }
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  if (!appLogin) throw new Error('The template database has no application login');
  const loginRole = appLogin.role;
  project.provide('testDb', { serverUrl, template, prefix, appLogin });

  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(row.datname)} WITH (FORCE)`);
    await client.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(loginRole)}`);
    await client.end();
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
