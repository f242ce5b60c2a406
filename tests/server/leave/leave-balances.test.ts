// Balances over HTTP: a person's leave year opened on first read with its logged
// entitlement (pro-rata for the pattern, bank holidays of the region deducted when included),
// who may read and change it, adjustments, hours-worked accrual, a policy change and the
// next leave year with its capped carry-over.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AbsencePeriod,
  type PeriodGroup,
  type PeriodValue,
  type UserAbsencePolicy,
  type ValueLog,
} from '../../../src/modules/leave/leave-balances.contract';
import { leaveMessages } from '../../../src/modules/leave/leave.contract';
import { bankHolidaysFor } from '../../../src/modules/leave/bank-holidays';
import { ensurePeriodFor } from '../../../src/modules/leave/server/balances';
import { withTenant } from '../../../src/server/db/database';
import { londonDate } from '../../../src/shared/dates';
import type { ListResponse } from '../../../src/shared/list';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

// The HTTP routes open the leave year containing today, so the expected figures come from this
// year's England and Wales bank holidays on the people's working days (Monday = 1).
const YEAR = Number(londonDate(new Date()).slice(0, 4));
const bankHolidaysOn = (weekdays: number[]) =>
  bankHolidaysFor('england-and-wales', YEAR).filter((day) => weekdays.includes(new Date(`${day.date}T12:00:00Z`).getUTCDay())).length;
const WEEKDAY_HOLIDAYS = bankHolidaysOn([1, 2, 3, 4, 5]);

let t: TestApp;
let acme: LeaveCompany;
let other: LeaveCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
  other = await addLeaveCompany(t, { name: 'Other' });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = async (company: LeaveCompany, who: LeavePerson, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await company.token(who)), ...(payload ? { payload } : {}) });

async function currentAnnual(company: LeaveCompany, person: LeavePerson, as: LeavePerson = 'hr'): Promise<PeriodValue> {
  const res = await send(company, as, 'GET', `/api/user-absence-period?user_id=${company.people[person].id}&current_only=1`);
  expect(res.statusCode, res.body).toBe(200);
  const [period] = res.json<ListResponse<AbsencePeriod>>().results;
  const value = period?.values.find((row) => row.leave_type.key === 'annual_leave');
  if (!value) throw new Error('no annual leave value');
  return value;
}

async function logsOf(company: LeaveCompany, valueId: string, as: LeavePerson = 'hr'): Promise<ValueLog[]> {
  const res = await send(company, as, 'GET', `/api/user-absence-period-value-log?value_id=${valueId}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<ValueLog>>().results;
}
const sum = (logs: ValueLog[]) => Math.round(logs.reduce((total, log) => total + log.change, 0) * 100) / 100;

async function addTemplate(company: LeaveCompany, body: Record<string, unknown>): Promise<string> {
  const res = await send(company, 'hr', 'POST', '/api/absence-policy-template', { unit: 'days', bank_holidays: 'included', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('the current leave year', () => {
  it('opens on first read with 28 days less the bank holidays of England and Wales on weekdays (8 in 2026), logged', async () => {
    const value = await currentAnnual(acme, 'employee', 'employee');
    const net = 28 - WEEKDAY_HOLIDAYS;
    expect(value).toMatchObject({ entitlement: 28, balance: net, pending: 0, available: net, unit: 'days' });
    const logs = await logsOf(acme, value.id, 'employee');
    expect(logs.map((log) => [log.kind, log.change])).toEqual(
      expect.arrayContaining([
        ['entitlement', 28],
        ['bank_holidays', -WEEKDAY_HOLIDAYS],
      ]),
    );
    expect(logs.find((log) => log.kind === 'bank_holidays')?.reason).toBe(`Bank holidays on working days (${WEEKDAY_HOLIDAYS})`);
    expect(sum(logs)).toBe(value.balance);
  });

  it('gives a 3-day-a-week person 17 days (16.8 rounded up) and their logs sum to the balance', async () => {
    await ownerSql(t, sql`update user_working_patterns set thu_hours = 0, fri_hours = 0 where user_id = ${acme.people.colleague.id}`);
    const value = await currentAnnual(acme, 'colleague');
    expect(value.entitlement).toBe(17);
    // Less the bank holidays on Mondays to Wednesdays (in 2026: 6 April, 4 and 25 May, 31 August, 28 December).
    const net = 17 - bankHolidaysOn([1, 2, 3]);
    expect(value.balance).toBe(net);
    const logs = await logsOf(acme, value.id);
    expect(logs.find((log) => log.kind === 'entitlement' && log.change === 17)?.reason).toContain('16.8');
    expect(sum(logs)).toBe(net);
  });

  it('deducts 9 bank holidays in Scotland against 8 in England and Wales for 2026', async () => {
    const scot = await addLeaveCompany(t, { name: 'Scot' });
    await ownerSql(
      t,
      sql`insert into user_bank_holiday_regions (user_id, company_id, bank_holiday_region) values (${scot.people.office.id}, ${scot.companyId}, 'scotland')`,
    );
    const balances = await withTenant(t.database.db, scot.companyId, async (trx) => {
      for (const person of ['office', 'colleague'] as const) {
        await ensurePeriodFor(trx, { companyId: scot.companyId, userId: scot.people[person].id, date: '2026-03-01', actorId: null });
      }
      return trx
        .selectFrom('user_absence_period_values as v')
        .innerJoin('leave_types as lt', 'lt.id', 'v.leave_type_id')
        .select(['v.user_id', 'v.balance'])
        .where('lt.key', '=', 'annual_leave')
        .where('v.company_id', '=', scot.companyId)
        .execute();
    });
    const balanceOf = (person: 'office' | 'colleague') => balances.find((row) => row.user_id === scot.people[person].id)?.balance;
    expect(balanceOf('office')).toBe(19);
    expect(balanceOf('colleague')).toBe(20);
  });

  it('lists every deducted leave type, and groups by leave type on request', async () => {
    const res = await send(acme, 'employee', 'GET', `/api/user-absence-period?user_id=${acme.people.employee.id}&grouped=1`);
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json<ListResponse<PeriodGroup>>().results;
    expect(groups.map((group) => group.leave_type.key).sort()).toEqual(['annual_leave', 'toil']);
    expect(groups[0]?.values[0]).toHaveProperty('period_start', `${YEAR}-01-01`);
  });
});

describe('who may read and change balances', () => {
  it('lets a manager read their department, not another; an employee only their own', async () => {
    expect((await send(acme, 'manager', 'GET', `/api/user-absence-period?user_id=${acme.people.employee.id}`)).statusCode).toBe(200);
    expect((await send(acme, 'otherManager', 'GET', `/api/user-absence-period?user_id=${acme.people.employee.id}`)).statusCode).toBe(403);
    expect((await send(acme, 'employee', 'GET', `/api/user-absence-period?user_id=${acme.people.colleague.id}`)).statusCode).toBe(403);
    expect(
      (await send(acme, 'employee', 'GET', `/api/user-absence-policy/${acme.people.employee.id}`)).json<UserAbsencePolicy>(),
    ).toMatchObject({
      template_id: acme.statutoryTemplateId,
      template_name: 'Statutory (5.6 weeks)',
    });
  });

  it('answers 404 for another company’s person or value', async () => {
    const theirs = await currentAnnual(other, 'employee');
    expect((await send(acme, 'hr', 'GET', `/api/user-absence-period?user_id=${other.people.employee.id}`)).statusCode).toBe(404);
    expect((await send(acme, 'hr', 'GET', `/api/user-absence-period-value/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(acme, 'hr', 'GET', `/api/user-absence-period-value-log?value_id=${theirs.id}`)).statusCode).toBe(404);
    const adjust = await send(acme, 'hr', 'POST', '/api/user-absence-period-value-log', { value_id: theirs.id, change: 5, reason: 'Gift' });
    expect(adjust.statusCode).toBe(404);
    expect(
      (await send(acme, 'hr', 'PUT', `/api/user-absence-policy/${other.people.employee.id}`, { template_id: acme.statutoryTemplateId }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses employees and managers every write (403)', async () => {
    const value = await currentAnnual(acme, 'employee');
    for (const who of ['employee', 'manager'] as const) {
      expect(
        (await send(acme, who, 'POST', '/api/user-absence-period-value-log', { value_id: value.id, change: 5, reason: 'x' })).statusCode,
      ).toBe(403);
      expect((await send(acme, who, 'POST', '/api/create-new-period', { user_id: acme.people.employee.id })).statusCode).toBe(403);
      expect(
        (await send(acme, who, 'PUT', `/api/user-absence-policy/${acme.people.employee.id}`, { template_id: acme.statutoryTemplateId }))
          .statusCode,
      ).toBe(403);
    }
  });
});

describe('logged changes', () => {
  it('needs a reason for an adjustment (422), then moves the balance and names who made it', async () => {
    const value = await currentAnnual(acme, 'office');
    const missing = await send(acme, 'hr', 'POST', '/api/user-absence-period-value-log', { value_id: value.id, change: 2, reason: ' ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('reason');
    const zero = await send(acme, 'hr', 'POST', '/api/user-absence-period-value-log', { value_id: value.id, change: 0, reason: 'Nothing' });
    expect(zero.statusCode).toBe(422);
    const res = await send(acme, 'hr', 'POST', '/api/user-absence-period-value-log', {
      value_id: value.id,
      change: 1.5,
      reason: 'Long-service gift',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ValueLog>()).toMatchObject({ kind: 'adjustment', change: 1.5, reason: 'Long-service gift', actor_name: 'Hana Reed' });
    const after = await send(acme, 'office', 'GET', `/api/user-absence-period-value/${value.id}`);
    expect(after.json<PeriodValue>().balance).toBe(value.balance + 1.5);
  });

  it('accrues 12.07% of hours worked only under an irregular-hours policy', async () => {
    const value = await currentAnnual(acme, 'owner');
    const refused = await send(acme, 'hr', 'POST', '/api/user-absence-period-value-log', {
      value_id: value.id,
      kind: 'hours_worked',
      hours_worked: 100,
      reason: 'October',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.kind).toEqual([leaveMessages.hoursWorkedNeedsAccrual]);

    const person = await addLeaveCompany(t, { name: 'Casuals' });
    const casualTemplate = await addTemplate(person, { name: 'Casual', unit: 'hours', allowance: 0, accrual: 'hours_worked' });
    expect(
      (await send(person, 'hr', 'PUT', `/api/user-absence-policy/${person.people.employee.id}`, { template_id: casualTemplate }))
        .statusCode,
    ).toBe(200);
    const casual = await currentAnnual(person, 'employee');
    expect(casual).toMatchObject({ unit: 'hours', balance: 0 });
    const res = await send(person, 'hr', 'POST', '/api/user-absence-period-value-log', {
      value_id: casual.id,
      kind: 'hours_worked',
      hours_worked: 100,
      reason: 'October',
    });
    expect(res.statusCode, res.body).toBe(201);
    // 12.07 hours, rounded up to the quarter hour.
    expect(res.json<ValueLog>()).toMatchObject({ kind: 'hours_worked', change: 12.25, hours_worked: 100 });
    expect((await currentAnnual(person, 'employee')).balance).toBe(12.25);
  });

  it('logs the difference when the policy changes, naming both policies', async () => {
    const enhanced = await addTemplate(acme, { name: 'Enhanced (33 days)', allowance: 33 });
    const before = await currentAnnual(acme, 'manager');
    const res = await send(acme, 'hr', 'PUT', `/api/user-absence-policy/${acme.people.manager.id}`, { template_id: enhanced });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserAbsencePolicy>().template_name).toBe('Enhanced (33 days)');
    const after = await currentAnnual(acme, 'manager');
    expect(after.balance).toBe(before.balance + 5);
    expect(after.entitlement).toBe(33);
    const [latest] = await logsOf(acme, after.id);
    expect(latest).toMatchObject({ kind: 'entitlement', change: 5 });
    expect(latest?.reason).toContain('Statutory (5.6 weeks)');
    expect(latest?.reason).toContain('Enhanced (33 days)');
    expect(sum(await logsOf(acme, after.id))).toBe(after.balance);
    const unknown = await send(acme, 'hr', 'PUT', `/api/user-absence-policy/${acme.people.manager.id}`, {
      template_id: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('the next leave year', () => {
  it('carries over what is left up to the cap, and is opened once (409)', async () => {
    const capped = await addTemplate(acme, { name: 'Carry five', allowance: 28, carry_over_max: 5, carry_over_expiry_months: 3 });
    expect(
      (await send(acme, 'hr', 'PUT', `/api/user-absence-policy/${acme.people.otherManager.id}`, { template_id: capped })).statusCode,
    ).toBe(200);
    expect((await currentAnnual(acme, 'otherManager')).balance).toBe(28 - WEEKDAY_HOLIDAYS);
    const res = await send(acme, 'hr', 'POST', '/api/create-new-period', { user_id: acme.people.otherManager.id });
    expect(res.statusCode, res.body).toBe(201);
    const period = res.json<AbsencePeriod>();
    expect(period).toMatchObject({ start_date: `${YEAR + 1}-01-01`, end_date: `${YEAR + 1}-12-31`, is_current: false });
    const annual = period.values.find((value) => value.leave_type.key === 'annual_leave');
    expect(annual).toMatchObject({ carried_over: 5, carry_over_expires_on: `${YEAR + 1}-03-31`, entitlement: 28 });
    const logs = await logsOf(acme, annual!.id);
    expect(logs.find((log) => log.kind === 'carry_over')).toMatchObject({ change: 5 });
    expect(sum(logs)).toBe(annual!.balance);

    const again = await send(acme, 'hr', 'POST', '/api/create-new-period', { user_id: acme.people.otherManager.id });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(leaveMessages.periodExists);
  });

  it('refuses a person without a policy (422) and an unknown person (404)', async () => {
    const bare = await addLeaveCompany(t, { name: 'Bare', assignPolicy: false });
    const res = await send(bare, 'hr', 'POST', '/api/create-new-period', { user_id: bare.people.employee.id });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.user_id).toEqual([leaveMessages.noPolicy]);
    const periods = await send(bare, 'hr', 'GET', `/api/user-absence-period?user_id=${bare.people.employee.id}`);
    expect(periods.json<ListResponse<AbsencePeriod>>()).toMatchObject({ results: [], count: 0 });
    expect((await send(bare, 'hr', 'POST', '/api/create-new-period', { user_id: crypto.randomUUID() })).statusCode).toBe(404);
  });
});
