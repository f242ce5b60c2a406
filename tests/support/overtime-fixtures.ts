// The overtime suites' company: the leave suites' company (leave-fixtures.ts) with overtime
// switched on, two overtime rates (time and a half, double time), everyone allowed paid and
// TOIL overtime, hourly pay rates, and an hours-based absence policy (so a TOIL credit reads
// in hours). Helpers send as a person and report overtime.
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { OvertimeReport } from '../../src/modules/overtime/overtime.contract';
import { addDays, londonDate } from '../../src/shared/dates';
import { bearer, ownerSql } from './identity-fixtures';
import { addLeaveCompany, LEAVE_PEOPLE, type LeaveCompany, type LeavePerson } from './leave-fixtures';
import type { TestApp } from './test-app';

export type OvertimeCompany = LeaveCompany & {
  rates: { timeAndHalf: string; double: string };
  payRateTypes: { standard: string; timeAndHalf: string; double: string };
  send: (who: LeavePerson, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<LightMyRequestResponse>;
  report: (who: LeavePerson, body: object) => Promise<LightMyRequestResponse>;
  /** A report that must be accepted. */
  reported: (who: LeavePerson, body: object) => Promise<OvertimeReport>;
  act: (who: LeavePerson, id: string, action: string, body?: object) => Promise<LightMyRequestResponse>;
};

export const daysAgo = (days: number) => addDays(londonDate(new Date()), -days);

export async function addOvertimeCompany(t: TestApp, options: { name?: string } = {}): Promise<OvertimeCompany> {
  const company = await addLeaveCompany(t, options);
  const { companyId } = company;
  await ownerSql(t, sql`update absence_policy_templates set unit = 'hours', allowance = 210 where id = ${company.statutoryTemplateId}`);
  await ownerSql(
    t,
    sql`insert into company_settings (company_id, overtime_enabled) values (${companyId}, true)
    on conflict (company_id) do update set overtime_enabled = true`,
  );
  const type = async (name: string) =>
    (
      await ownerSql<{ id: string }>(
        t,
        sql`insert into company_pay_rate_types (company_id, name, unit) values (${companyId}, ${name}, 'hour') returning id`,
      )
    )[0]!.id;
  const payRateTypes = { standard: await type('Standard'), timeAndHalf: await type('Time and a half'), double: await type('Double time') };
  const rate = async (typeId: string, multiplier: number, code: string) =>
    (
      await ownerSql<{ id: string }>(
        t,
        sql`insert into overtime_rates (company_id, pay_rate_type_id, multiplier, element_code) values (${companyId}, ${typeId}, ${multiplier}, ${code}) returning id`,
      )
    )[0]!.id;
  const rates = { timeAndHalf: await rate(payRateTypes.timeAndHalf, 1.5, 'OT15'), double: await rate(payRateTypes.double, 2, 'OT20') };
  for (const person of LEAVE_PEOPLE) {
    const userId = company.people[person].id;
    await ownerSql(
      t,
      sql`insert into user_settings (user_id, company_id, allow_payable_overtime, allow_toil_overtime) values (${userId}, ${companyId}, true, true)
      on conflict (user_id) do update set allow_payable_overtime = true, allow_toil_overtime = true`,
    );
    await ownerSql(
      t,
      sql`insert into user_pay_rates (company_id, user_id, pay_rate_type_id, amount, unit, start_date)
      values (${companyId}, ${userId}, ${payRateTypes.standard}, 12, 'hour', '2020-01-01')`,
    );
  }
  const send = async (who: LeavePerson, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(await company.token(who)), ...(payload ? { payload } : {}) });
  const report = (who: LeavePerson, body: object) =>
    send(who, 'POST', '/api/user-overtime', { date: daysAgo(3), hours: 2, reason: 'Late delivery', compensation: 'toil', ...body });
  const reported = async (who: LeavePerson, body: object) => {
    const res = await report(who, body);
    if (res.statusCode !== 201) throw new Error(`report refused: ${res.statusCode} ${res.body}`);
    return res.json<OvertimeReport>();
  };
  const act = (who: LeavePerson, id: string, action: string, body: object = {}) =>
    send(who, 'POST', `/api/user-overtime/${id}/${action}`, body);
  return { ...company, rates, payRateTypes, send, report, reported, act };
}

/** The person's time-off-in-lieu balance in the leave year containing `date`, and its logs' reasons. */
export async function toilBalance(t: TestApp, company: LeaveCompany, person: LeavePerson, date: string) {
  const rows = await ownerSql<{ balance: number; unit: string; reasons: string[] }>(
    t,
    sql`select v.balance::float8 as balance, v.unit,
          array(select l.reason from user_absence_period_value_logs l where l.value_id = v.id order by l.created_at) as reasons
        from user_absence_period_values v
        join user_absence_periods p on p.id = v.period_id
        join leave_types lt on lt.id = v.leave_type_id and lt.key = 'toil'
        where v.user_id = ${company.people[person].id} and p.start_date <= ${date}::date and p.end_date >= ${date}::date`,
  );
  return rows[0] ?? { balance: 0, unit: 'none', reasons: [] };
}
