// Two writers that lock the same rows in the other order deadlock, and PostgreSQL aborts one of
// them: withTenant runs the loser again, so both writes land and the person who sent the loser
// sees it succeed, not a 500. A transaction that has read the request's upload stream is not run
// again (it would run without its file): it fails as before.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cannotRunAgain, withTenant, type Trx } from '../../../src/server/db/database';
import { addCompany, addUser } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let companyId: string;
let first: string;
let second: string;
beforeAll(async () => {
  t = await createTestApp();
  const company = await addCompany(t);
  companyId = company.companyId;
  first = (await addUser(t, { company })).id;
  second = (await addUser(t, { company })).id;
});
afterAll(async () => t.close());

const lockUser = (trx: Trx, id: string) => sql`SELECT id FROM users WHERE id = ${id} FOR UPDATE`.execute(trx);

/**
 * Two transactions that each lock one person and then, once both hold theirs, the other's: a
 * deadlock on their first attempt. Answers how each ended and how many times each ran.
 */
async function crossedWriters(options: { onlyOnce: boolean }) {
  let bothHold: () => void = () => undefined;
  let holding = 0;
  const together = new Promise<void>((resolve) => (bothHold = resolve));
  const runs = [0, 0];
  const writer = (index: number, mine: string, theirs: string) =>
    withTenant(t.database.db, companyId, async (trx) => {
      runs[index] = (runs[index] ?? 0) + 1;
      if (options.onlyOnce) cannotRunAgain(trx);
      await lockUser(trx, mine);
      if (runs[index] === 1) {
        holding += 1;
        if (holding === 2) bothHold();
        await together;
      }
      await lockUser(trx, theirs);
      return 'written';
    });
  const outcomes = await Promise.allSettled([writer(0, first, second), writer(1, second, first)]);
  return { outcomes, runs };
}

describe('a deadlock between two writers', () => {
  it('runs the aborted one again, so both succeed', async () => {
    const { outcomes, runs } = await crossedWriters({ onlyOnce: false });
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect([...runs].sort()).toEqual([1, 2]);
  });

  it('does not run again a transaction that read the upload stream: it fails with the deadlock', async () => {
    const { outcomes, runs } = await crossedWriters({ onlyOnce: true });
    const failed = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect((failed[0]?.reason as { code?: string }).code).toBe('40P01');
    expect(runs).toEqual([1, 1]);
  });
});
