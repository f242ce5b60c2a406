// Holiday under the 2023 amendments, end to end on a real database: leave sickness prevented
// carried as its own line beside the policy's carry-over and expiring 18 months after its year
// (WTR reg 13(10)–(11)); the 52-week holiday-pay reference from rota shifts and paid overtime
// (WTR reg 16, ERA 1996 ss. 221–224); rolled-up holiday pay at 12.07% (WTR reg 16A) on the
// balance and in the payroll export.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsencePeriod, PeriodGroup } from '../../../src/modules/leave/leave-balances.contract';
import { leaveContext, openPeriod, type PeriodRow } from '../../../src/modules/leave/server/balances';
import { runLeaveBalanceJobs } from '../../../src/modules/leave/server/carry-over-expiry';
import { holidayPayOf } from '../../../src/modules/leave/server/holiday-pay';
import { createNextPeriod } from '../../../src/modules/leave/server/periods';
import type { PayPeriodDetail } from '../../../src/modules/payroll/payroll.contract';
import { withTenant } from '../../../src/server/db/database';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, leaveTypeId, takeAnnualLeave, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;

const send = async (who: LeavePerson, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await acme.token(who)), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
  await ownerSql(
    t,
    sql`insert into company_payroll_settings (company_id, frequency, first_period_start) values (${acme.companyId}, 'monthly', '2026-01-01')`,
  );
});
afterAll(async () => t.close());

async function useTemplate(
  userId: string,
  values: { name: string; accrual?: string; unit?: string; carryOverMax?: number },
): Promise<void> {
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into absence_policy_templates (company_id, name, unit, allowance, bank_holidays, accrual, carry_over_max, carry_over_expiry_months)
        values (${acme.companyId}, ${values.name}, ${values.unit ?? 'days'}, ${values.unit === 'hours' ? 0 : 28}, 'included',
                ${values.accrual ?? 'upfront'}, ${values.carryOverMax ?? 0}, 3) returning id`,
  );
  await ownerSql(t, sql`update user_absence_policies set template_id = ${row!.id} where user_id = ${userId}`);
}

/** Approved leave of `days` working days in `period`, deducted from its annual-leave value as the app does. */
async function takeLeave(userId: string, period: PeriodRow, start: string, end: string, days: number): Promise<void> {
  const annualLeave = await leaveTypeId(t, acme.companyId, 'annual_leave');
  await withTenant(t.database.db, acme.companyId, (trx) =>
    takeAnnualLeave(trx, { companyId: acme.companyId, userId, leaveTypeId: annualLeave, period, start, end, days }),
  );
}

type Annual = { id: string; balance: number; carried_over: number };
async function annualIn(userId: string, start: string): Promise<Annual> {
  const [row] = await ownerSql<Annual>(
    t,
    sql`select v.id, v.balance::float8 as balance, v.carried_over::float8 as carried_over from user_absence_period_values v
        join user_absence_periods p on p.id = v.period_id join leave_types lt on lt.id = v.leave_type_id
        where v.user_id = ${userId} and p.start_date = ${start} and lt.key = 'annual_leave'`,
  );
  if (!row) throw new Error('no value');
  return row;
}
const logsOf = async (valueId: string, kind: string) =>
  (
    await ownerSql<{ change: string; reason: string }>(
      t,
      sql`select change, reason from user_absence_period_value_logs where value_id = ${valueId} and kind = ${kind} order by created_at`,
    )
  ).map((row) => ({ change: Number(row.change), reason: row.reason }));

describe('carry-over of leave sickness prevented', () => {
  it('WTR reg 13(10)–(11): 10 days of sickness-prevented leave carry into 2027 beside the policy’s 5, move on into 2028 and the 2 still unused expire after 30/06/2028', async () => {
    const userId = acme.people.employee.id;
    await useTemplate(userId, { name: 'Carry five', carryOverMax: 5 });
    const sickness = await leaveTypeId(t, acme.companyId, 'sickness');
    const opened = await withTenant(t.database.db, acme.companyId, async (trx) => {
      const context = await leaveContext(trx, { companyId: acme.companyId, userId, date: '2026-02-01' });
      return openPeriod(trx, { context, template: context.template!, year: context.year, actorId: null, today: '2026-02-01' });
    });
    // 28 days less 8 bank holidays: 20; 2 days taken in February; off sick from 1 September to 30 November.
    await takeLeave(userId, opened!, '2026-02-02', '2026-02-03', 2);
    await ownerSql(
      t,
      sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status)
          values (${acme.companyId}, ${userId}, ${sickness}, '2026-09-01', '2026-11-30', 'days', 'approved')`,
    );
    const y2027 = await withTenant(t.database.db, acme.companyId, (trx) =>
      createNextPeriod(trx, { companyId: acme.companyId, userId, actorId: acme.people.hr.id, today: '2026-12-01' }),
    );

    // Reg 13 leave 20, less 2 days and 8 bank holidays taken = 10 carried for sickness; the
    // policy carries 5 of the other 8 left.
    const value2027 = await annualIn(userId, '2027-01-01');
    expect(value2027).toMatchObject({ carried_over: 5, balance: 20 + 5 + 10 });
    const [line] = await logsOf(value2027.id, 'sickness_carry_over');
    expect(line?.change).toBe(10);
    expect(line?.reason).toContain('20 days of reg 13 leave less 10 days taken = 10 days');
    expect(line?.reason).toContain('usable until 30/06/2028');

    // 3 days in February 2027 come out of the policy's 5 first; its other 2 expire on 1 April.
    await takeLeave(userId, y2027, '2027-02-01', '2027-02-03', 3);
    expect(await runLeaveBalanceJobs(t.database.db, new Date('2027-04-01T09:00:00Z'), { companyId: acme.companyId })).toMatchObject({
      expired: 1,
    });
    const y2028 = await withTenant(t.database.db, acme.companyId, (trx) =>
      createNextPeriod(trx, { companyId: acme.companyId, userId, actorId: acme.people.hr.id, today: '2027-12-01' }),
    );
    const value2028 = await annualIn(userId, '2028-01-01');
    expect((await logsOf(value2028.id, 'sickness_carry_over')).map((entry) => entry.change)).toEqual([10]);
    // 2027: 20 + 5 + 10 − 3 − 2 = 30; the 10 move on, the policy carries 5 of the other 20.
    expect(value2028).toMatchObject({ carried_over: 5, balance: 20 + 5 + 10 });

    // The policy's 5 expire unused on 1 April 2028; 8 days in May come out of the sickness 10.
    expect(await runLeaveBalanceJobs(t.database.db, new Date('2028-04-01T09:00:00Z'), { companyId: acme.companyId })).toMatchObject({
      expired: 1,
    });
    await takeLeave(userId, y2028, '2028-05-08', '2028-05-17', 8);
    expect(await runLeaveBalanceJobs(t.database.db, new Date('2028-06-30T12:00:00Z'), { companyId: acme.companyId })).toMatchObject({
      expired: 0,
    });
    expect(await runLeaveBalanceJobs(t.database.db, new Date('2028-07-01T09:00:00Z'), { companyId: acme.companyId })).toMatchObject({
      expired: 1,
    });
    expect(await runLeaveBalanceJobs(t.database.db, new Date('2028-07-02T09:00:00Z'), { companyId: acme.companyId })).toMatchObject({
      expired: 0,
    });
    const expiry = await logsOf(value2028.id, 'sickness_expiry');
    expect(expiry.map((entry) => entry.change)).toEqual([-2]);
    expect(expiry[0]?.reason).toContain('expired on 30/06/2028');
    expect((await annualIn(userId, '2028-01-01')).balance).toBe(35 - 5 - 8 - 2);
    // The 2027 line moved on: it is not expired a second time there.
    expect(await logsOf(value2027.id, 'sickness_expiry')).toEqual([]);

    // On the balances: the 2027 line beside the policy's carry-over (read last: reading opens the current year).
    const grouped = (await send('employee', 'GET', `/api/user-absence-period?user_id=${userId}&grouped=1`)).json<{
      results: PeriodGroup[];
    }>();
    const annual = grouped.results.find((group) => group.leave_type.key === 'annual_leave');
    expect(annual?.values.find((value) => value.period_start === '2027-01-01')?.sickness_carry_overs).toEqual([
      { amount: 10, arose_start: '2026-01-01', arose_end: '2026-12-31', expires_on: '2028-06-30', expired: false },
    ]);
    expect(annual?.values.find((value) => value.period_start === '2028-01-01')?.sickness_carry_overs).toEqual([
      { amount: 10, arose_start: '2026-01-01', arose_end: '2026-12-31', expires_on: '2028-06-30', expired: true },
    ]);
  });

  it('WTR reg 13(10): no sickness, no line — the policy alone carries', async () => {
    const userId = acme.people.office.id;
    await useTemplate(userId, { name: 'Carry five again', carryOverMax: 5 });
    await withTenant(t.database.db, acme.companyId, async (trx) => {
      const context = await leaveContext(trx, { companyId: acme.companyId, userId, date: '2026-02-01' });
      await openPeriod(trx, { context, template: context.template!, year: context.year, actorId: null, today: '2026-02-01' });
      await createNextPeriod(trx, { companyId: acme.companyId, userId, actorId: acme.people.hr.id, today: '2026-12-01' });
    });
    const value = await annualIn(userId, '2027-01-01');
    expect(value.carried_over).toBe(5);
    expect(await logsOf(value.id, 'sickness_carry_over')).toEqual([]);
  });
});

/** Published shifts of 8.5 hours with a 30-minute break (8 hours) on each Monday and Tuesday from `firstMonday` for `weeks` weeks. */
async function shifts(userId: string, firstMonday: string, weeks: number): Promise<void> {
  await ownerSql(
    t,
    sql`insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, published)
        select ${acme.companyId}, ${userId}, ${acme.departments.Operations!}, (d::date + time '09:00') at time zone 'Europe/London',
               (d::date + time '17:30') at time zone 'Europe/London', 30, true
        from generate_series(${firstMonday}::date, ${firstMonday}::date + ${weeks * 7 - 1}::int, interval '1 day') d
        where extract(isodow from d) in (1, 2)`,
  );
}

describe('the holiday-pay reference and rolled-up holiday pay', () => {
  it('WTR reg 16, ERA 1996 s. 224: 16 rota hours a week plus 2 hours’ paid overtime average 18 hours, on the balance and as HOLREF in payroll', async () => {
    const userId = acme.people.colleague.id;
    // From Monday 5 May 2025 to the week of 2 November 2026: more than 52 weeks before 3 June and 1 October 2026.
    await shifts(userId, '2025-05-05', 80);
    const [type] = await ownerSql<{ id: string }>(
      t,
      sql`insert into company_pay_rate_types (company_id, name) values (${acme.companyId}, 'Holiday test overtime') returning id`,
    );
    const [rate] = await ownerSql<{ id: string }>(
      t,
      sql`insert into overtime_rates (company_id, pay_rate_type_id, multiplier, element_code) values (${acme.companyId}, ${type!.id}, 1.5, 'OT15') returning id`,
    );
    // 2 hours' paid overtime every Wednesday of the same weeks.
    await ownerSql(
      t,
      sql`insert into user_overtime (company_id, user_id, date, hours, reason, compensation, overtime_rate_id, status)
          select ${acme.companyId}, ${userId}, d::date, 2, 'Stocktake', 'paid', ${rate!.id}, 'approved'
          from generate_series('2025-05-07'::date, '2025-05-07'::date + ${79 * 7}::int, interval '7 days') d`,
    );
    const summary = await withTenant(t.database.db, acme.companyId, async (trx) => {
      const context = await leaveContext(trx, { companyId: acme.companyId, userId, date: '2026-06-03' });
      const period = await openPeriod(trx, {
        context,
        template: context.template!,
        year: context.year,
        actorId: null,
        today: '2026-06-03',
      });
      return holidayPayOf(trx, { companyId: acme.companyId, userId, period: period!, today: '2026-06-03' });
    });
    expect(summary).toEqual({
      reference: { average_weekly_hours: 18, weeks_counted: 52, total_hours: 936, from: '2025-06-02', to: '2026-05-31' },
      rolled_up: null,
    });

    const current = (await send('colleague', 'GET', `/api/user-absence-period?user_id=${userId}&current_only=1`)).json<{
      results: AbsencePeriod[];
    }>();
    // Through the API the reference is as of today, so only its presence is checked here.
    expect(current.results[0]?.holiday_pay?.reference).toMatchObject({ to: expect.any(String) });

    // A week of annual leave in October: HOLREF with the reference as of 1 October and 5 days at it.
    const period2026 = await withTenant(t.database.db, acme.companyId, async (trx) =>
      trx
        .selectFrom('user_absence_periods')
        .selectAll()
        .where('user_id', '=', userId)
        .where('start_date', '=', '2026-01-01')
        .executeTakeFirstOrThrow(),
    );
    await takeLeave(userId, period2026, '2026-10-05', '2026-10-09', 5);
    const detail = (await send('owner', 'GET', '/api/payroll-period/2026-10-01')).json<PayPeriodDetail>();
    const person = detail.people.find((p) => p.user_id === userId)!;
    expect(person.lines.find((line) => line.code === 'HOLREF')).toMatchObject({
      label: 'Holiday pay reference: average weekly hours over 52 weeks worked to 27/09/2026 (first 4 weeks of leave)',
      hours: 18,
      days: 5,
    });
    const csv = String((await send('owner', 'GET', '/api/payroll-period/2026-10-01/download?layout=elements')).body);
    expect(csv).toContain(
      ',HOLREF,Holiday pay reference: average weekly hours over 52 weeks worked to 27/09/2026 (first 4 weeks of leave),18,,5,',
    );
  });

  it('WTR reg 16A: with rolled-up pay chosen, 120 hours worked give 14.48 hours’ pay on the balance and £176.85 (12.07% of 120 × £12.21) as HOLPAY', async () => {
    const userId = acme.people.manager.id;
    await useTemplate(userId, { name: 'Irregular hours', accrual: 'hours_worked', unit: 'hours' });
    await ownerSql(
      t,
      sql`insert into user_pay_rates (company_id, user_id, amount, unit, start_date) values (${acme.companyId}, ${userId}, 12.21, 'hour', '2026-01-01')`,
    );
    const period = (await send('hr', 'GET', `/api/user-absence-period?user_id=${userId}&current_only=1`)).json<{
      results: AbsencePeriod[];
    }>().results[0]!;
    expect(period.holiday_pay?.rolled_up).toBeNull();
    const annual = period.values.find((value) => value.leave_type.key === 'annual_leave')!;
    const logged = await send('hr', 'POST', '/api/user-absence-period-value-log', {
      value_id: annual.id,
      kind: 'hours_worked',
      hours_worked: 120,
      reason: 'March shifts',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const [log] = await ownerSql<{ id: string }>(
      t,
      sql`select id from user_absence_period_value_logs where value_id = ${annual.id} and kind = 'hours_worked'`,
    );
    await ownerSql(t, sql`update user_absence_period_value_logs set created_at = '2026-03-10T12:00:00Z' where id = ${log!.id}`);

    // Off by default: nothing rolled up; the owner switches it on.
    expect(
      (await send('owner', 'GET', '/api/payroll-period/2026-03-01')).json<PayPeriodDetail>().people.find((p) => p.user_id === userId),
    ).toBeUndefined();
    const saved = await send('owner', 'PUT', '/api/company-leave-settings', {
      leave_year_start_month: 1,
      leave_year_start_day: 1,
      rolled_up_holiday_pay: true,
    });
    expect(saved.json()).toMatchObject({ rolled_up_holiday_pay: true });

    const after = (await send('manager', 'GET', `/api/user-absence-period?user_id=${userId}&current_only=1`)).json<{
      results: AbsencePeriod[];
    }>();
    expect(after.results[0]?.holiday_pay?.rolled_up).toEqual({ hours_worked: 120, holiday_pay_hours: 14.48 });

    const detail = (await send('owner', 'GET', '/api/payroll-period/2026-03-01')).json<PayPeriodDetail>();
    const person = detail.people.find((p) => p.user_id === userId)!;
    expect(person.lines.find((line) => line.code === 'HOLPAY')).toMatchObject({
      label: 'Rolled-up holiday pay (12.07% of pay for hours worked)',
      hours: 14.48,
      amount: 176.85,
      taxable: true,
    });
    const csv = String((await send('owner', 'GET', '/api/payroll-period/2026-03-01/download?layout=elements')).body);
    expect(csv).toContain(',HOLPAY,Rolled-up holiday pay (12.07% of pay for hours worked),14.48,,,176.85,10/03/2026');
  });
});
