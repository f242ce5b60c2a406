// The company lists' shared SQL (src/server/db/company-rows.queries.ts), on a real database:
// archiving keeps the row for what names it and hides it from new choices once, and neither
// archiving nor deleting reaches another company's row of the same table.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../src/server/db/database';
import { archiveCompanyRow, companyNameTaken, deleteCompanyRow } from '../../../src/server/db/company-rows.queries';
import { addCompany, ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = (await addCompany(t)).companyId;
  other = (await addCompany(t)).companyId;
});
afterAll(async () => t?.close());

async function addExpenseType(companyId: string, name: string): Promise<string> {
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into expense_types (company_id, name) values (${companyId}, ${name}) returning id`,
  );
  return row!.id;
}

const archivedAt = async (id: string) =>
  (await ownerSql<{ archived_at: Date | null }>(t, sql`select archived_at from expense_types where id = ${id}`))[0]?.archived_at;

describe("a company's rows", () => {
  it('are archived once, the date kept; a second archive says there was nothing to do', async () => {
    const id = await addExpenseType(acme, 'Parking');
    expect(await withTenant(t.database.db, acme, (trx) => archiveCompanyRow(trx, { table: 'expense_types', companyId: acme, id }))).toBe(
      true,
    );
    const first = await archivedAt(id);
    expect(first).toBeInstanceOf(Date);
    expect(await withTenant(t.database.db, acme, (trx) => archiveCompanyRow(trx, { table: 'expense_types', companyId: acme, id }))).toBe(
      false,
    );
    expect(await archivedAt(id)).toEqual(first);
  });

  it('are neither archived nor deleted through another company', async () => {
    const id = await addExpenseType(other, 'Tolls');
    expect(await withTenant(t.database.db, acme, (trx) => archiveCompanyRow(trx, { table: 'expense_types', companyId: acme, id }))).toBe(
      false,
    );
    expect(await withTenant(t.database.db, acme, (trx) => deleteCompanyRow(trx, { table: 'expense_types', companyId: acme, id }))).toBe(
      false,
    );
    expect(await archivedAt(id)).toBeNull();
    expect(await withTenant(t.database.db, other, (trx) => deleteCompanyRow(trx, { table: 'expense_types', companyId: other, id }))).toBe(
      true,
    );
    expect(await archivedAt(id)).toBeUndefined();
  });

  it("find a name taken in the company whatever its case, and not another company's", async () => {
    const id = await addExpenseType(acme, 'Train fares');
    const taken = (companyId: string, value: string, exceptId?: string) =>
      withTenant(t.database.db, companyId, (trx) => companyNameTaken(trx, { table: 'expense_types', companyId, value, exceptId }));
    expect(await taken(acme, 'TRAIN FARES')).toBe(true);
    expect(await taken(acme, 'train fares', id)).toBe(false);
    expect(await taken(other, 'Train fares')).toBe(false);
  });
});
