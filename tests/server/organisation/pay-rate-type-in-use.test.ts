// A pay rate type that overtime is paid at, with overtime reports made at that rate, cannot be
// deleted: 409 with what uses it (as a type used by pay rates), nothing deleted.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addOvertimeCompany, type OvertimeCompany } from '../../support/overtime-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let c: OvertimeCompany;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  c = await addOvertimeCompany(t);
});
afterAll(async () => t.close());

const remove = async (id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/company-pay-rate-type/${id}`, headers: bearer(await c.token('owner')) });

describe('DELETE /api/company-pay-rate-type/{id}', () => {
  it('answers 409 with a message when overtime reports were made at a rate of the type, and keeps it', async () => {
    await c.reported('employee', { hours: 2, compensation: 'paid', overtime_rate_id: c.rates.double });
    const res = await remove(c.payRateTypes.double);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'This pay rate type is used by 1 employee. Their overtime is paid at it, so it stays: rename it instead.',
    );
    const kept = await ownerSql(t, sql`select id from company_pay_rate_types where id = ${c.payRateTypes.double}`);
    expect(kept).toHaveLength(1);
  });

  it('still deletes a type only an overtime rate uses, with the rate', async () => {
    const res = await remove(c.payRateTypes.timeAndHalf);
    expect(res.statusCode, res.body).toBe(204);
    expect(await ownerSql(t, sql`select id from overtime_rates where id = ${c.rates.timeAndHalf}`)).toHaveLength(0);
  });
});
