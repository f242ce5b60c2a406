// The audit log as the application role sees it: entries can be added and read (within
// the transaction's company) but never changed or removed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../../src/server/audit/audit.queries';
import { withSystem, withTenant } from '../../../src/server/db/database';
import { addCompany } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let companyA: string;
let companyB: string;
beforeAll(async () => {
  t = await createTestApp();
  companyA = (await addCompany(t)).companyId;
  companyB = (await addCompany(t)).companyId;
});
afterAll(async () => t.close());

const entry = (companyId: string | null, action: string) => ({
  actorId: null,
  companyId,
  action,
  targetType: 'user',
  targetId: 'someone',
  details: { note: action },
  ip: '127.0.0.1',
  userAgent: 'vitest',
});

/** The PostgreSQL error code a statement fails with, or null when it succeeds. */
async function failureCode(fn: () => Promise<unknown>): Promise<string | null> {
  try {
    await fn();
    return null;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

describe('audit_log as the application role', () => {
  it('runs as the application login (in stafflane_app), which does not own the table', async () => {
    const { rows } = await sql<{ who: string; owner: string; member: boolean }>`
      select current_user as who, (select tableowner from pg_tables where tablename = 'audit_log') as owner,
             pg_has_role(current_user, 'stafflane_app', 'USAGE') as member`.execute(t.database.db);
    expect(rows[0]?.who).toMatch(/^stafflane_login_/);
    expect(rows[0]?.member).toBe(true);
    expect(rows[0]?.owner).not.toBe(rows[0]?.who);
  });

  it('adds and reads entries of its own company', async () => {
    await withTenant(t.database.db, companyA, (trx) => recordAudit(trx, entry(companyA, 'test.inserted')));
    const rows = await withTenant(t.database.db, companyA, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['action', 'details', 'ip', 'user_agent', 'created_at'])
        .where('action', '=', 'test.inserted')
        .execute(),
    );
    expect(rows).toEqual([
      { action: 'test.inserted', details: { note: 'test.inserted' }, ip: '127.0.0.1', user_agent: 'vitest', created_at: expect.any(Date) },
    ]);
  });

  it('can never update, delete or truncate an entry', async () => {
    await withTenant(t.database.db, companyA, (trx) => recordAudit(trx, entry(companyA, 'test.permanent')));
    const update = await failureCode(() =>
      withTenant(t.database.db, companyA, (trx) =>
        trx.updateTable('audit_log').set({ action: 'test.rewritten' }).where('action', '=', 'test.permanent').execute(),
      ),
    );
    const remove = await failureCode(() =>
      withSystem(t.database.db, (trx) => trx.deleteFrom('audit_log').where('action', '=', 'test.permanent').execute()),
    );
    const truncate = await failureCode(() => sql`truncate audit_log`.execute(t.database.db));
    expect([update, remove, truncate]).toEqual(['42501', '42501', '42501']);
    const left = await withSystem(t.database.db, (trx) =>
      trx.selectFrom('audit_log').select('action').where('action', '=', 'test.permanent').execute(),
    );
    expect(left).toEqual([{ action: 'test.permanent' }]);
  });

  it("neither reads nor writes another company's entries from a tenant transaction", async () => {
    await withTenant(t.database.db, companyB, (trx) => recordAudit(trx, entry(companyB, 'test.company-b')));
    const seenFromA = await withTenant(t.database.db, companyA, (trx) =>
      trx.selectFrom('audit_log').select('action').where('action', '=', 'test.company-b').execute(),
    );
    expect(seenFromA).toEqual([]);
    const forged = await failureCode(() => withTenant(t.database.db, companyA, (trx) => recordAudit(trx, entry(companyB, 'test.forged'))));
    expect(forged).toBe('42501');
    const unscoped = await failureCode(() =>
      withTenant(t.database.db, companyA, (trx) => recordAudit(trx, entry(null, 'test.no-company'))),
    );
    expect(unscoped).toBe('42501');
  });

  it('sees every company in the system scope, where sign-in files entries of no company', async () => {
    await withSystem(t.database.db, (trx) => recordAudit(trx, entry(null, 'test.system')));
    const rows = await withSystem(t.database.db, (trx) =>
      trx.selectFrom('audit_log').select('company_id').where('action', 'in', ['test.system', 'test.company-b', 'test.inserted']).execute(),
    );
    expect(new Set(rows.map((r) => r.company_id))).toEqual(new Set([null, companyA, companyB]));
  });
});
