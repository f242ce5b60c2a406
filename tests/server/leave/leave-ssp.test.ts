// Statutory Sick Pay as people see it: the employer enters a part-time worker's average
// weekly earnings, a fortnight's sickness shows its SSP days and amount (80% of £97 = £77.60 a
// week over Monday to Wednesday, £155.20), and the pay period and the Statutory Sick Pay report
// carry the same.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsenceDetail } from '../../../src/modules/leave/absences.contract';
import type { PayPeriodDetail } from '../../../src/modules/payroll/payroll.contract';
import type { ReportResult } from '../../../src/shared/reports.contract';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, leaveTypeId, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;

const send = async (who: LeavePerson, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await acme.token(who)), ...(payload ? { payload } : {}) });

async function sickness(person: LeavePerson, start: string, end: string | null) {
  const typeId = await leaveTypeId(t, acme.companyId, 'sickness');
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status)
        values (${acme.companyId}, ${acme.people[person].id}, ${typeId}, ${start}, ${end}, 'days', 'approved') returning id`,
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
  // Colleague works Monday to Wednesday from January 2026.
  await ownerSql(
    t,
    sql`insert into user_working_patterns (company_id, user_id, start_date, mon_hours, tue_hours, wed_hours, thu_hours, fri_hours)
        values (${acme.companyId}, ${acme.people.colleague.id}, '2026-01-01', 6, 6, 6, 0, 0)`,
  );
  await ownerSql(
    t,
    sql`insert into company_payroll_settings (company_id, frequency, first_period_start) values (${acme.companyId}, 'monthly', '2026-01-01')`,
  );
});
afterAll(async () => t.close());

describe('Statutory Sick Pay on the absence and in payroll', () => {
  it('refuses average weekly earnings below zero or with parts of a penny', async () => {
    const url = `/api/user-employment-details/${acme.people.colleague.id}`;
    expect((await send('owner', 'PUT', url, { average_weekly_earnings: -1 })).statusCode).toBe(422);
    expect((await send('owner', 'PUT', url, { average_weekly_earnings: 97.125 })).statusCode).toBe(422);
  });

  it('asks for the earnings before it works out an amount', async () => {
    const id = await sickness('office', '2026-04-13', '2026-04-15');
    const detail = (await send('owner', 'GET', `/api/user-absence/${id}`)).json<AbsenceDetail>();
    expect(detail.sick_pay).toMatchObject({ paid_days: 0, amount: 0 });
    expect(detail.sick_pay?.notes.join(' ')).toContain('Average weekly earnings are not entered');
  });

  it('shows a fortnight of a low earner’s sickness at 80% of earnings, and payroll carries it', async () => {
    const saved = await send('owner', 'PUT', `/api/user-employment-details/${acme.people.colleague.id}`, { average_weekly_earnings: 97 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ average_weekly_earnings: number }>().average_weekly_earnings).toBe(97);

    const id = await sickness('colleague', '2026-05-04', '2026-05-17');
    const detail = (await send('colleague', 'GET', `/api/user-absence/${id}`)).json<AbsenceDetail>();
    expect(detail.sick_pay).toMatchObject({ paid_days: 6, waiting_days: 0, amount: 155.2, weekly_rate: 77.6, linked_from: null });
    expect(detail.sick_pay?.notes).toContain(
      'Paid at 80% of average weekly earnings of £97.00: £77.60 a week, below the standard £123.25.',
    );

    const period = (await send('owner', 'GET', '/api/payroll-period/2026-05-01')).json<PayPeriodDetail>();
    const person = period.people.find((p) => p.user_id === acme.people.colleague.id)!;
    const ssp = person.lines.find((line) => line.code === 'SSP');
    expect(ssp).toMatchObject({ label: 'Statutory Sick Pay', days: 6, amount: 155.2, taxable: true });
    expect(person.lines.find((line) => line.code === 'SICK')).toMatchObject({ days: 14, qualifying_days: 6 });

    const csv = String((await send('owner', 'GET', '/api/payroll-period/2026-05-01/download?layout=elements')).body);
    expect(csv).toMatch(/,SSP,Statutory Sick Pay,,,6,155\.20,/);

    const report = (
      await send('owner', 'GET', '/api/absence-reports/statutory_sick_pay?from=2026-05-01&to=2026-05-31')
    ).json<ReportResult>();
    expect(report.rows).toEqual([
      { person: 'Colin Cole', department: expect.any(String), ssp_days: 6, waiting_days: 0, amount: 155.2, ssp1: '' },
    ]);
    expect(report.totals).toMatchObject({ ssp_days: 6, amount: 155.2 });
  });

  it('links a sickness within 8 weeks to the one before and says so', async () => {
    const id = await sickness('colleague', '2026-06-29', '2026-07-01');
    const detail = (await send('owner', 'GET', `/api/user-absence/${id}`)).json<AbsenceDetail>();
    expect(detail.sick_pay).toMatchObject({ paid_days: 3, amount: 77.6, linked_from: '2026-05-04' });
    expect(detail.sick_pay?.notes[0]).toBe('Linked to sickness from 04/05/2026: they share the waiting days and the 28 weeks.');
  });

  it('says plainly when a tax year’s SSP rate is not recorded, and payroll carries the days with no amount', async () => {
    // ssp-rates.data.ts records no rate for 2099/00: nothing is guessed. Fixed dates, so the
    // test does not change with the calendar.
    const id = await sickness('colleague', '2099-05-04', '2099-05-10');
    const detail = (await send('owner', 'GET', `/api/user-absence/${id}`)).json<AbsenceDetail>();
    expect(detail.sick_pay).toMatchObject({ paid_days: 0, amount: 0 });
    expect(detail.sick_pay?.notes).toContain(
      'The SSP rate for 2099/00 is not recorded in Stafflane yet, so 3 qualifying days from 04/05/2099 show no amount: pay them at the rate GOV.UK publishes for that tax year.',
    );
    const period = (await send('owner', 'GET', '/api/payroll-period/2099-05-01')).json<PayPeriodDetail>();
    const person = period.people.find((p) => p.user_id === acme.people.colleague.id)!;
    expect(person.lines.find((line) => line.code === 'SSP')).toMatchObject({
      label: 'Statutory Sick Pay (2099/00 rate not recorded: amount to add)',
      days: 3,
      amount: null,
    });
  });

  it('has no SSP on other leave', async () => {
    const typeId = await leaveTypeId(t, acme.companyId, 'annual_leave');
    const [row] = await ownerSql<{ id: string }>(
      t,
      sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status)
          values (${acme.companyId}, ${acme.people.colleague.id}, ${typeId}, '2026-08-03', '2026-08-05', 'days', 'approved') returning id`,
    );
    const detail = (await send('owner', 'GET', `/api/user-absence/${row!.id}`)).json<AbsenceDetail>();
    expect(detail.sick_pay).toBeNull();
  });
});
