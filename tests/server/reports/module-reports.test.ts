// The reports other modules register (expenses, overtime, HR and H&S tasks, incidents) through
// the reports API, against figures worked out by hand: only approved claims and overtime count,
// a manager sees their departments, another company's rows never appear; and the tasks' due
// days on the calendar for the assignee.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarAnswer } from '../../../src/shared/calendar.contract';
import type { ReportResult, ReportSummary } from '../../../src/shared/reports.contract';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import type { LeavePerson } from '../../support/leave-fixtures';
import { addOvertimeCompany, type OvertimeCompany } from '../../support/overtime-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: OvertimeCompany;
let other: OvertimeCompany;
const range = 'from=2026-01-01&to=2026-06-30';

async function claim(
  c: OvertimeCompany,
  who: LeavePerson,
  status: string,
  items: { date: string; type?: string; gross: number; approved?: number; taxable?: number }[],
) {
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into expense_claims (company_id, user_id, claim_type, status) values (${c.companyId}, ${c.people[who].id}, ${items.some((i) => !i.type) ? 'mileage' : 'expense'}, ${status}) returning id`,
  );
  for (const [position, item] of items.entries()) {
    await ownerSql(
      t,
      item.type
        ? sql`insert into expense_items (company_id, claim_id, position, date, expense_type_id, description, gross_pence, approved_pence)
            select ${c.companyId}, ${row!.id}, ${position}, ${item.date}, id, 'Item', ${item.gross}, ${item.approved ?? null} from expense_types where company_id = ${c.companyId} and name = ${item.type}`
        : sql`insert into expense_items (company_id, claim_id, position, date, description, gross_pence, approved_pence, taxable_pence, miles_tenths, vehicle, from_place, to_place, purpose)
            values (${c.companyId}, ${row!.id}, ${position}, ${item.date}, 'Mileage', ${item.gross}, ${item.approved ?? null}, ${item.taxable ?? 0}, 1000, 'car', 'Leeds', 'York', 'Site visit')`,
    );
  }
}

async function overtime(c: OvertimeCompany, who: LeavePerson, date: string, hours: number, rate: string | null, status = 'approved') {
  await ownerSql(
    t,
    sql`insert into user_overtime (company_id, user_id, date, hours, reason, compensation, overtime_rate_id, status, reported_by)
        values (${c.companyId}, ${c.people[who].id}, ${date}, ${hours}, 'Cover', ${rate ? 'paid' : 'toil'}, ${rate}, ${status}, ${c.people[who].id})`,
  );
}

async function task(c: OvertimeCompany, who: LeavePerson, area: 'hr' | 'hs', due: string, completedAt: string | null, title = 'Check') {
  await ownerSql(
    t,
    sql`insert into tasks (company_id, area, title, assignee_id, due_date, status, completed_at, series_id)
        values (${c.companyId}, ${area}, ${title}, ${c.people[who].id}, ${due}, ${completedAt ? 'done' : 'open'}, ${completedAt}::timestamptz, gen_random_uuid())`,
  );
}

async function incident(
  c: OvertimeCompany,
  occurredAt: string,
  fields: { who?: LeavePerson; injury?: string; hospital?: boolean; lastDay?: string; location?: string },
) {
  await ownerSql(
    t,
    sql`insert into incidents (company_id, occurred_at, location, person_kind, person_user_id, person_name, person_is_worker, what_happened, injury, taken_to_hospital, incapacity_last_day)
        values (${c.companyId}, ${occurredAt}, ${fields.location ?? 'Warehouse'}, ${fields.who ? 'employee' : 'other'}, ${fields.who ? c.people[fields.who].id : null},
          ${fields.who ? null : 'A visitor'}, ${Boolean(fields.who)}, 'Slipped', ${fields.injury ?? null}, ${fields.hospital ?? false}, ${fields.lastDay ?? null})`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  acme = await addOvertimeCompany(t);
  other = await addOvertimeCompany(t, { name: 'Other Ltd' });
  // Ella (Operations): £50 travel and £45 mileage (£5 over HMRC's rate); Oscar (Office): £30 subsistence approved at £20;
  // Colin's rejected claim and a claim dated outside the range count for nothing.
  await claim(acme, 'employee', 'approved', [
    { date: '2026-02-10', type: 'Travel', gross: 5000 },
    { date: '2026-02-11', gross: 4500, approved: 4500, taxable: 500 },
  ]);
  await claim(acme, 'office', 'partly_approved', [{ date: '2026-03-05', type: 'Subsistence', gross: 3000, approved: 2000 }]);
  await claim(acme, 'colleague', 'rejected', [{ date: '2026-03-01', type: 'Travel', gross: 9999 }]);
  await claim(acme, 'employee', 'paid', [{ date: '2026-07-01', type: 'Travel', gross: 1234 }]);
  await claim(other, 'employee', 'approved', [{ date: '2026-02-10', type: 'Travel', gross: 10000 }]);
  // Overtime: Ella 3 h at time and a half and 2 h TOIL; Oscar 4 h double time; Colin's declined report does not count.
  await overtime(acme, 'employee', '2026-02-02', 3, acme.rates.timeAndHalf);
  await overtime(acme, 'employee', '2026-03-02', 2, null);
  await overtime(acme, 'office', '2026-03-03', 4, acme.rates.double);
  await overtime(acme, 'colleague', '2026-03-04', 6, acme.rates.double, 'declined');
  await overtime(other, 'employee', '2026-02-02', 9, other.rates.double);
  // H&S tasks: Ella one done on time, one done late, one overdue; Oscar one not yet due; an HR task apart.
  await task(acme, 'employee', 'hs', '2026-02-01', '2026-01-31T12:00:00Z', 'Fire drill');
  await task(acme, 'employee', 'hs', '2026-02-15', '2026-02-20T12:00:00Z', 'Ladder check');
  await task(acme, 'employee', 'hs', '2026-03-01', null, 'First-aid kit');
  await task(acme, 'office', 'hs', '2099-01-01', null, 'Far future');
  await task(acme, 'office', 'hs', '2026-06-30', null, 'Extinguishers');
  await task(acme, 'employee', 'hr', '2026-04-01', '2026-04-01T09:00:00Z', 'Probation review');
  await task(other, 'employee', 'hs', '2026-02-01', null);
  // Incidents: Ella hurt in February, off for 9 days after (RIDDOR over-7-day); a visitor taken to hospital in March; Oscar unhurt.
  await incident(acme, '2026-02-03T10:00:00Z', { who: 'employee', injury: 'Sprained wrist', lastDay: '2026-02-12' });
  await incident(acme, '2026-03-09T15:00:00Z', { injury: 'Cut hand', hospital: true, location: 'Shop floor' });
  await incident(acme, '2026-03-20T15:00:00Z', { who: 'office' });
  await incident(other, '2026-02-03T10:00:00Z', { who: 'employee', injury: 'Burn' });
});
afterAll(async () => t.close());

const get = async (who: LeavePerson, url: string, company = acme) =>
  t.app.inject({ method: 'GET', url, headers: bearer(await company.token(who)) });
const report = async (who: LeavePerson, key: string, query = '', company = acme) =>
  (await get(who, `/api/absence-reports/${key}?${range}${query}`, company)).json<ReportResult>();

describe("other modules' reports", () => {
  it('are listed beside the absence reports for those allowed to see them', async () => {
    const keys = (await get('owner', '/api/absence-reports')).json<{ results: ReportSummary[] }>().results.map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['expenses', 'overtime', 'hr_tasks', 'hs_tasks', 'incidents']));
    expect((await get('employee', `/api/absence-reports/expenses?${range}`)).statusCode).toBe(403);
  });

  it('totals approved expenses by type, with the taxable mileage excess, and by department for a manager', async () => {
    const byType = await report('owner', 'expenses');
    expect(byType.rows).toEqual([
      { group: 'Travel', claims: 1, items: 1, people: 1, approved: 50, taxable: 0 },
      { group: 'Mileage', claims: 1, items: 1, people: 1, approved: 45, taxable: 5 },
      { group: 'Subsistence', claims: 1, items: 1, people: 1, approved: 20, taxable: 0 },
    ]);
    expect(byType.totals).toMatchObject({ approved: 115, taxable: 5 });
    const managerByPerson = await report('manager', 'expenses', '&group_by=person');
    expect(managerByPerson.rows.map((row) => [row.group, row.approved])).toEqual([['Ella Evans', 95]]);
    expect((await report('owner', 'expenses', '', other)).totals).toMatchObject({ approved: 100 });
  });

  it('counts approved overtime: paid hours with their payable hours, and time off in lieu', async () => {
    const byPerson = await report('owner', 'overtime');
    expect(byPerson.rows).toEqual([
      { group: 'Ella Evans', reports: 2, people: 1, hours: 5, paid_hours: 3, payable_hours: 4.5, toil_hours: 2 },
      { group: 'Oscar Oakes', reports: 1, people: 1, hours: 4, paid_hours: 4, payable_hours: 8, toil_hours: 0 },
    ]);
    const byRate = await report('owner', 'overtime', '&group_by=compensation');
    expect(byRate.rows.map((row) => [row.group, row.hours])).toEqual([
      ['Double time', 4],
      ['Time and a half', 3],
      ['Time off in lieu', 2],
    ]);
    expect((await report('otherManager', 'overtime')).rows.map((row) => row.group)).toEqual(['Oscar Oakes']);
  });

  it('scores H&S tasks done on time, done late, overdue and not yet due', async () => {
    const hs = await report('owner', 'hs_tasks', '&group_by=person');
    expect(hs.rows).toEqual([
      { group: 'Ella Evans', due: 3, on_time: 1, late: 1, overdue: 1, upcoming: 0, on_time_percent: 50 },
      { group: 'Oscar Oakes', due: 1, on_time: 0, late: 0, overdue: 1, upcoming: 0, on_time_percent: null },
    ]);
    expect(hs.totals).toMatchObject({ due: 4, on_time: 1, late: 1, overdue: 2, on_time_percent: 50 });
    expect((await report('owner', 'hr_tasks')).totals).toMatchObject({ due: 1, on_time: 1 });
  });

  it('counts incidents, injuries, hospital visits, RIDDOR reportable ones and days lost', async () => {
    const byMonth = await report('owner', 'incidents');
    expect(byMonth.rows).toEqual([
      { group: '2026-02', incidents: 1, injuries: 1, hospital: 0, reportable: 1, days_lost: 9 },
      { group: '2026-03', incidents: 2, injuries: 1, hospital: 1, reportable: 1, days_lost: 0 },
    ]);
    const byOutcome = await report('owner', 'incidents', '&group_by=outcome');
    expect(byOutcome.rows.map((row) => row.group).sort()).toEqual([
      'Non-worker taken to hospital',
      'Not reportable',
      'Over-7-day incapacitation',
    ]);
    // A department filter keeps the records about its people only (the visitor's has none).
    const operations = await report('owner', 'incidents', `&department_id=${acme.departments.Operations}`);
    expect(operations.totals).toMatchObject({ incidents: 1, days_lost: 9 });
    expect((await report('owner', 'incidents', '', other)).totals).toMatchObject({ incidents: 1, reportable: 0 });
  });
});

describe('tasks on the calendar', () => {
  it("shows the assignee their tasks on the due day, linking to the task, and never another company's", async () => {
    const answer = (await get('employee', '/api/calendar-events?from=2026-02-01&to=2026-03-31')).json<CalendarAnswer>();
    const tasks = answer.entries.filter((entry) => entry.kind === 'hs_task');
    expect(tasks.map((entry) => [entry.start_date, entry.title])).toEqual([
      ['2026-02-01', '✓ Fire drill'],
      ['2026-02-15', '✓ Ladder check'],
      ['2026-03-01', 'First-aid kit'],
    ]);
    expect(tasks[0]!.href).toMatch(/^\/hs-task\/[0-9a-f-]{36}$/);
    expect(answer.kinds.map((kind) => kind.kind)).toEqual(expect.arrayContaining(['hr_task', 'hs_task']));
    const manager = (
      await get('manager', `/api/calendar-events?from=2026-02-01&to=2026-03-31&department_id=${acme.departments.Office}`)
    ).json<CalendarAnswer>();
    expect(manager.entries.filter((entry) => entry.kind === 'hs_task')).toEqual([]);
  });
});
