// Servers starting together on one database each run the migrations: the role set-up and the
// migrations take turns instead of failing on each other's grants.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, createPool } from '../../../src/server/db/database';
import { migrate } from '../../../src/server/db/migrate';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

it('six servers migrating one database at once all succeed', async () => {
  const owners = Array.from({ length: 6 }, () => createDb(createPool(database.ownerUrl, { max: 1 })));
  try {
    for (let round = 0; round < 3; round++) {
      const results = await Promise.allSettled(owners.map((db) => migrate(db)));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    }
  } finally {
    await Promise.all(owners.map((db) => db.destroy()));
  }
});
