// GET /api/pending-count: always all seven keys; a key no registered module counts is 0; the
// modules' counters run in the caller's company scope, in one transaction, once per company data
// version (a versioned read).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_COUNT_KEYS } from '../../../src/shared/pending-count.contract';
import type { ServerModule } from '../../../src/server/server-module';
import { addCompany, addUser, type UserFixture } from '../../support/identity-fixtures';
import { authHeader, createTestApp, testSession, type TestApp } from '../../support/test-app';

let t: TestApp;
let acmeUser: UserFixture;
let otherUser: UserFixture;
let admin: UserFixture;
let acme: Awaited<ReturnType<typeof addCompany>>;
const transactions = new Set<string>();

// A module that counts overtime and documents (its counters take these keys from the product's in the test app).
const countingModule: ServerModule = {
  name: 'test-counting',
  counters: {
    // No company filter on purpose: row-level security alone must keep other companies out.
    user_overtime: async ({ trx }) => {
      const row = await sql<{ n: number; tx: string }>`select count(*)::int as n, txid_current()::text as tx from users`.execute(trx);
      transactions.add(row.rows[0]!.tx);
      return row.rows[0]!.n;
    },
    document: async ({ trx, session }) => {
      const row = await sql<{ tx: string }>`select txid_current()::text as tx`.execute(trx);
      transactions.add(row.rows[0]!.tx);
      return session.userId === acmeUser.id ? 4 : 1;
    },
  },
};

beforeAll(async () => {
  t = await createTestApp({ modules: [countingModule] });
  acme = await addCompany(t);
  const other = await addCompany(t);
  [acmeUser, otherUser, admin] = await Promise.all([
    addUser(t, { company: acme }),
    addUser(t, { company: other }),
    addUser(t, { company: null }),
  ]);
  // Acme has three people, the other company one.
  await Promise.all([addUser(t, { company: acme }), addUser(t, { company: acme })]);
});
afterAll(async () => t.close());

async function pendingCount(user: UserFixture) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/pending-count',
    headers: authHeader(testSession({ userId: user.id, companyId: user.companyId })),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
}

const zeros = { document: 0, hr_task: 0, hs_task: 0, user_absence: 0, user_absence_rtw: 0, user_expense: 0, user_overtime: 0 };

describe('GET /api/pending-count', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/pending-count' })).statusCode).toBe(401);
  });

  it('carries all seven keys, 0 where no module counts (or nothing waits)', async () => {
    expect(Object.keys(zeros).sort()).toEqual([...PENDING_COUNT_KEYS].sort());
    const counts = await pendingCount(acmeUser);
    expect(counts).toEqual({ ...zeros, user_overtime: 3, document: 4 });
    expect(await pendingCount(admin)).toEqual(zeros);
  });

  it('runs the modules’ counters in the caller’s company scope, in one transaction, once per data version', async () => {
    // A write to the company (here a fourth person) changes its data version: counted afresh.
    await addUser(t, { company: acme });
    transactions.clear();
    expect(await pendingCount(acmeUser)).toEqual({ ...zeros, user_overtime: 4, document: 4 });
    expect(transactions.size).toBe(1);
    expect(await pendingCount(otherUser)).toEqual({ ...zeros, user_overtime: 1, document: 1 });
    expect(transactions.size).toBe(2);
    // Nothing changed: the same answer, not counted again.
    expect(await pendingCount(acmeUser)).toEqual({ ...zeros, user_overtime: 4, document: 4 });
    expect(transactions.size).toBe(2);
    // Administrators have no company and nothing to approve.
    expect(await pendingCount(admin)).toEqual(zeros);
  });

  it('refuses to start when two modules count the same key', async () => {
    await expect(createTestApp({ modules: [countingModule, { ...countingModule, name: 'again' }] })).rejects.toThrow(/Two modules count/);
  });

  it('ignores query input it does not use', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pending-count?entities[]=x&page=abc',
      headers: authHeader(testSession({ userId: acmeUser.id, companyId: acmeUser.companyId })),
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([...PENDING_COUNT_KEYS].sort());
  });
});
