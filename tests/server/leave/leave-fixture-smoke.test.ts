import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, leaveTypeId } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a new company', () => {
  it('starts with the fifteen built-in leave types and the statutory policy, and its people can sign in', async () => {
    const company = await addLeaveCompany(t);
    const types = await ownerSql<{ key: string }>(t, sql`select key from leave_types where company_id = ${company.companyId}`);
    expect(types).toHaveLength(15);
    expect(await leaveTypeId(t, company.companyId, 'annual_leave')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await company.token('employee')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
