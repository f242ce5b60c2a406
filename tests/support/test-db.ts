// A fresh database for one test file, cloned from the run's migrated template.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loginUrl } from '../../src/server/db/app-login';
import { createDb, createPool, type Db } from '../../src/server/db/database';
import { withDatabaseName } from '../../src/server/db/open';

/** `db` signs in as the application login, as the server's request pool does; `ownerDb` as the owner. */
export type TestDatabase = { name: string; ownerUrl: string; appUrl: string; db: Db; ownerDb: Db; drop: () => Promise<void> };

async function cloneTemplate(serverUrl: string, template: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    // Two files cloning at the same instant can find the template busy; wait and retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`);
        return;
      } catch (error) {
        if (attempt > 40 || !String((error as Error).message).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const { serverUrl, template, prefix, appLogin } = inject('testDb');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await cloneTemplate(serverUrl, template, name);
  const ownerUrl = withDatabaseName(serverUrl, name);
  const appUrl = loginUrl(ownerUrl, appLogin);
  const db = createDb(createPool(appUrl, { max: 20, requests: true }));
  const ownerDb = createDb(createPool(ownerUrl, { max: 2 }));
  return {
    name,
    ownerUrl,
    appUrl,
    db,
    ownerDb,
    drop: async () => {
      await db.destroy();
      await ownerDb.destroy();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    },
  };
}
