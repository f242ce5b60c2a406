// The hourly balances job at fixed dates: carried-over days expire after their
// expiry date except those used before it, once; monthly accrual is topped up to what the
// year has accrued. Plus bodies of any shape to the balance writes: never a 5xx.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyTemplateRow } from '../../../src/modules/leave/server/balances';
import { leaveContext, openPeriod } from '../../../src/modules/leave/server/balances';
import { runLeaveBalanceJobs } from '../../../src/modules/leave/server/carry-over-expiry';
import { createNextPeriod } from '../../../src/modules/leave/server/periods';
import { withTenant } from '../../../src/server/db/database';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, leaveTypeId, takeAnnualLeave, type LeaveCompany } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
});
afterAll(async () => t.close());

async function addTemplate(company: LeaveCompany, values: Record<string, unknown>): Promise<string> {
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into absence_policy_templates (company_id, name, unit, allowance, bank_holidays, accrual, carry_over_max, carry_over_expiry_months)
        values (${company.companyId}, ${values.name as string}, 'days', 28, 'included', ${(values.accrual as string) ?? 'upfront'},
                ${(values.carry_over_max as number) ?? 0}, ${(values.carry_over_expiry_months as number) ?? 3}) returning id`,
  );
  await ownerSql(t, sql`update user_absence_policies set template_id = ${row!.id} where user_id = ${values.userId as string}`);
  return row!.id;
}

type Annual = { id: string; balance: number; carried_over: number; carry_over_expires_on: string | null; entitlement: number };
async function annualIn(company: LeaveCompany, userId: string, start: string): Promise<Annual> {
  const [row] = await ownerSql<Annual>(
    t,
    sql`select v.id, v.balance, v.carried_over, v.carry_over_expires_on, v.entitlement from user_absence_period_values v
        join user_absence_periods p on p.id = v.period_id join leave_types lt on lt.id = v.leave_type_id
        where v.user_id = ${userId} and p.start_date = ${start} and lt.key = 'annual_leave' and v.company_id = ${company.companyId}`,
  );
  if (!row) throw new Error('no value');
  return { ...row, balance: Number(row.balance), carried_over: Number(row.carried_over), entitlement: Number(row.entitlement) };
}
async function logs(valueId: string) {
  return (
    await ownerSql<{ kind: string; change: string }>(
      t,
      sql`select kind, change from user_absence_period_value_logs where value_id = ${valueId}`,
    )
  ).map((row) => ({ kind: row.kind, change: Number(row.change) }));
}

describe('carry-over expiry', () => {
  it('expires only the carried days not used by the expiry date, once', async () => {
    const userId = acme.people.employee.id;
    await addTemplate(acme, { name: 'Carry five', carry_over_max: 5, carry_over_expiry_months: 3, userId });
    const annualLeave = await leaveTypeId(t, acme.companyId, 'annual_leave');
    await withTenant(t.database.db, acme.companyId, async (trx) => {
      const context = await leaveContext(trx, { companyId: acme.companyId, userId, date: '2026-02-01' });
      await openPeriod(trx, { context, template: context.template!, year: context.year, actorId: null, today: '2026-02-01' });
      const next = await createNextPeriod(trx, { companyId: acme.companyId, userId, actorId: acme.people.hr.id, today: '2026-12-01' });
      // Two days taken before the expiry, one after: only the two count against the carried five.
      for (const [start, end, days] of [
        ['2027-02-01', '2027-02-02', 2],
        ['2027-05-04', '2027-05-04', 1],
      ] as const) {
        await takeAnnualLeave(trx, { companyId: acme.companyId, userId, leaveTypeId: annualLeave, period: next, start, end, days });
      }
    });
    const before = await annualIn(acme, userId, '2027-01-01');
    expect(before).toMatchObject({ carried_over: 5, carry_over_expires_on: '2027-03-31' });

    expect(await runLeaveBalanceJobs(t.database.db, new Date('2027-03-31T12:00:00Z'), { companyId: acme.companyId })).toEqual({
      expired: 0,
      accrued: 0,
    });
    expect(await runLeaveBalanceJobs(t.database.db, new Date('2027-04-01T09:00:00Z'), { companyId: acme.companyId })).toEqual({
      expired: 1,
      accrued: 0,
    });
    expect(await runLeaveBalanceJobs(t.database.db, new Date('2027-04-02T09:00:00Z'), { companyId: acme.companyId })).toEqual({
      expired: 0,
      accrued: 0,
    });

    const after = await annualIn(acme, userId, '2027-01-01');
    const entries = await logs(after.id);
    expect(entries.filter((entry) => entry.kind === 'expiry')).toEqual([{ kind: 'expiry', change: -3 }]);
    expect(after.balance).toBe(before.balance - 3);
    expect(Math.round(entries.reduce((total, entry) => total + entry.change, 0) * 100) / 100).toBe(after.balance);
  });
});

describe('monthly accrual', () => {
  it('logs what has accrued when the year opens and tops it up each month to the full year', async () => {
    const userId = acme.people.office.id;
    await addTemplate(acme, { name: 'Monthly', accrual: 'monthly', userId });
    await withTenant(t.database.db, acme.companyId, async (trx) => {
      const context = await leaveContext(trx, { companyId: acme.companyId, userId, date: '2026-03-15' });
      await openPeriod(trx, {
        context,
        template: context.template as PolicyTemplateRow,
        year: context.year,
        actorId: null,
        today: '2026-03-15',
      });
    });
    // 28 days less 8 bank holidays: 20 a year; three months begun by 15 March → 5.
    const opened = await annualIn(acme, userId, '2026-01-01');
    expect(opened).toMatchObject({ entitlement: 20, balance: 5 });
    expect(await runLeaveBalanceJobs(t.database.db, new Date('2026-06-10T09:00:00Z'), { companyId: acme.companyId })).toMatchObject({
      accrued: 1,
    });
    expect((await annualIn(acme, userId, '2026-01-01')).balance).toBe(10);
    expect(await runLeaveBalanceJobs(t.database.db, new Date('2026-06-10T10:00:00Z'), { companyId: acme.companyId })).toMatchObject({
      accrued: 0,
    });
    await runLeaveBalanceJobs(t.database.db, new Date('2027-01-05T10:00:00Z'), { companyId: acme.companyId });
    const full = await annualIn(acme, userId, '2026-01-01');
    expect(full.balance).toBe(20);
    expect((await logs(full.id)).every((entry) => entry.kind === 'accrual')).toBe(true);
  });
});

describe('bodies of any shape', () => {
  const scalar = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('', ' ', '\u0000', 'a'.repeat(5000), 'adjustment', 'hours_worked', '2026-02-30', 1e300, -0.25, 0.1),
  );
  const body = fc.oneof(
    fc.dictionary(
      fc.constantFrom('value_id', 'kind', 'change', 'hours_worked', 'reason', 'user_id', 'template_id', 'company_id'),
      fc.oneof(scalar, fc.array(scalar)),
    ),
    scalar,
    fc.array(scalar),
  );

  it('never answer a 5xx', async () => {
    const token = await acme.token('owner');
    const statuses = new Set<number>();
    const [value] = await ownerSql<{ id: string }>(
      t,
      sql`select id from user_absence_period_values where company_id = ${acme.companyId} limit 1`,
    );
    const targets = [
      { method: 'POST' as const, url: '/api/user-absence-period-value-log', base: { value_id: value?.id, reason: 'Fuzz' } },
      { method: 'POST' as const, url: '/api/create-new-period', base: { user_id: acme.people.colleague.id } },
      {
        method: 'PUT' as const,
        url: `/api/user-absence-policy/${acme.people.colleague.id}`,
        base: { template_id: acme.statutoryTemplateId },
      },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, fc.boolean(), async (target, payload, merge) => {
        const merged =
          merge && typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? { ...target.base, ...payload } : payload;
        const res = await t.app.inject({
          method: target.method,
          url: target.url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(merged) ?? 'null',
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        statuses.add(res.statusCode);
      }),
      { numRuns: 150 },
    );
    // The bodies reached the handlers: some were refused field by field, some accepted.
    expect(statuses).toContain(422);
    expect([...statuses].some((status) => status < 300)).toBe(true);
  });
});
