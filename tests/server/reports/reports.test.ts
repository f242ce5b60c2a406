// Reports through the API: refused without the permission, limited to the caller's scope,
// the absence, Bradford and headcount figures from known absences, CSV and XLSX exports, the
// monthly e-mail sent once per month, another company's data never in the answer, and query
// strings of any shape never answered with a 5xx.
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult, ReportSummary } from '../../../src/shared/reports.contract';
import { sendMonthlyReports } from '../../../src/modules/reports/server/report-mail.job';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, leaveTypeId, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;
let other: LeaveCompany;
const range = 'from=2026-01-01&to=2026-06-30';

async function absence(
  company: LeaveCompany,
  who: LeavePerson,
  type: string,
  start: string,
  end: string,
  extra: { category?: string; status?: string } = {},
) {
  const typeId = await leaveTypeId(t, company.companyId, type);
  await ownerSql(
    t,
    sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status, sickness_category)
        values (${company.companyId}, ${company.people[who].id}, ${typeId}, ${start}, ${end}, 'days', ${extra.status ?? 'approved'}, ${extra.category ?? null})`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  acme = await addLeaveCompany(t, { assignPolicy: false });
  other = await addLeaveCompany(t, { name: 'Other Ltd', assignPolicy: false });
  // Ella: three sickness spells, 1 + 2 + 3 working days (Mon–Fri); the last runs Fri–Tue over a weekend.
  await absence(acme, 'employee', 'sickness', '2026-02-02', '2026-02-02', { category: 'cold_flu' });
  await absence(acme, 'employee', 'sickness', '2026-03-10', '2026-03-11', { category: 'stomach' });
  await absence(acme, 'employee', 'sickness', '2026-04-17', '2026-04-21', { category: 'cold_flu' });
  // Colin: a week of annual leave; Oscar (Office): two days' sickness; a refused request counts for nothing.
  await absence(acme, 'colleague', 'annual_leave', '2026-05-04', '2026-05-08');
  await absence(acme, 'office', 'sickness', '2026-03-02', '2026-03-03', { category: 'injury' });
  await absence(acme, 'colleague', 'annual_leave', '2026-06-01', '2026-06-05', { status: 'declined' });
  await absence(other, 'employee', 'sickness', '2026-02-02', '2026-02-20');
  // A starter in March and a leaver in May.
  await ownerSql(t, sql`update user_employment_details set start_date = '2026-03-16' where user_id = ${acme.people.office.id}`);
  await ownerSql(t, sql`update users set status = 'terminated', termination_date = '2026-05-31' where id = ${acme.people.colleague.id}`);
});
afterAll(async () => t.close());

const get = async (who: LeavePerson, url: string, company = acme) =>
  t.app.inject({ method: 'GET', url, headers: bearer(await company.token(who)) });
const report = async (who: LeavePerson, key: string, query = '') =>
  (await get(who, `/api/absence-reports/${key}?${range}${query}`)).json<ReportResult>();

describe('who may see which report', () => {
  it('is refused to employees; managers get their departments, owners the company', async () => {
    expect((await get('employee', '/api/absence-reports')).statusCode).toBe(403);
    expect((await get('employee', `/api/absence-reports/absence?${range}`)).statusCode).toBe(403);
    const catalogue = (await get('manager', '/api/absence-reports')).json<{ results: ReportSummary[] }>().results;
    expect(catalogue.map((r) => r.key)).toEqual([
      'absence',
      'sickness',
      'bradford',
      'headcount',
      'service',
      'statutory_sick_pay',
      'overtime',
      'hr_tasks',
      'hs_tasks',
      'incidents',
      'expenses',
      'attendance',
    ]);
    const byPerson = (who: LeavePerson) => report(who, 'absence', '&group_by=person').then((r) => r.rows.map((row) => row.group));
    expect(await byPerson('owner')).toEqual(['Ella Evans', 'Colin Cole', 'Oscar Oakes']);
    expect(await byPerson('manager')).toEqual(['Ella Evans', 'Colin Cole']);
    expect(await byPerson('otherManager')).toEqual(['Oscar Oakes']);
    expect((await get('owner', `/api/absence-reports/nothing?${range}`)).statusCode).toBe(404);
  });

  it("never shows another company's absences", async () => {
    const theirs = await report('owner', 'absence', '&group_by=person');
    expect(theirs.rows.map((row) => row.group)).not.toContain(undefined);
    const otherOwner = (await get('owner', `/api/absence-reports/absence?${range}&group_by=person`, other)).json<ReportResult>();
    expect(otherOwner.rows.map((row) => row.group)).toEqual(['Ella Evans']);
    expect(otherOwner.totals.days).toBe(15);
    const filtered = (
      await get('owner', `/api/absence-reports/absence?${range}&department_id=${acme.departments.Operations}`, other)
    ).json<ReportResult>();
    expect(filtered.rows).toEqual([]);
  });
});

describe('the figures', () => {
  it('counts working days and spells by type, person and month', async () => {
    const byType = await report('owner', 'absence');
    expect(byType.rows).toEqual([
      { group: 'Sickness', days: 8, spells: 4, people: 2 },
      { group: 'Annual leave', days: 5, spells: 1, people: 1 },
    ]);
    expect(byType.totals).toMatchObject({ days: 13, spells: 5 });
    expect(byType.chart?.series.map((s) => s.name)).toEqual(['days', 'spells']);
    const byMonth = await report('owner', 'absence', '&group_by=month');
    expect(byMonth.rows.map((row) => [row.group, row.days])).toEqual([
      ['2026-02', 1],
      ['2026-03', 4],
      ['2026-04', 3],
      ['2026-05', 5],
    ]);
    const byReason = await report('owner', 'sickness');
    expect(byReason.rows).toEqual([
      { category: 'Cold or flu', days: 4, spells: 2, people: 1 },
      { category: 'Injury', days: 2, spells: 1, people: 1 },
      { category: 'Stomach upset', days: 2, spells: 1, people: 1 },
    ]);
  });

  it("scores the Bradford factor and names who crossed the company's trigger points", async () => {
    const bradford = await report('owner', 'bradford');
    expect(bradford.rows[0]).toEqual({ person: 'Ella Evans', department: 'Operations', spells: 3, days: 6, score: 54, trigger: '51+' });
    expect(bradford.rows[1]).toMatchObject({ person: 'Oscar Oakes', spells: 1, days: 2, score: 2, trigger: '' });
    expect(bradford.totals.person).toBe('1 of 2 over a trigger point');
  });

  it('gives starters, leavers, headcount and turnover by month', async () => {
    const headcount = await report('owner', 'headcount');
    const row = (month: string) => headcount.rows.find((r) => r.month === month);
    expect(row('2026-01')).toMatchObject({ headcount: 6, starters: 0, leavers: 0 });
    expect(row('2026-03')).toMatchObject({ headcount: 7, starters: 1 });
    expect(row('2026-05')).toMatchObject({ headcount: 6, leavers: 1, turnover: 15.4 });
    expect(headcount.totals).toMatchObject({ starters: 1, leavers: 1 });
  });
});

describe('exports and e-mails', () => {
  it('downloads CSV and XLSX with the columns, rows and totals of the screen', async () => {
    const csv = await get('owner', `/api/absence-reports/absence?${range}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="absence-report-2026-01-01-to-2026-06-30.csv"');
    expect(csv.body.replace('\uFEFF', '').split('\r\n').slice(0, 4)).toEqual([
      'Leave type,Days,Spells,People',
      'Sickness,8,4,2',
      'Annual leave,5,1,1',
      'Total,13,5,',
    ]);
    const xlsx = await get('manager', `/api/absence-reports/bradford?${range}&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Person',
      'Department',
      'Spells',
      'Days',
      'Bradford factor',
      'Trigger point crossed',
    ]);
    expect(sheet.getRow(2).getCell(5).value).toBe(54);
  });

  it('e-mails a chosen report to chosen people once a month', async () => {
    const send = async (who: LeavePerson, body: object) =>
      t.app.inject({ method: 'POST', url: '/api/report-subscriptions', headers: bearer(await acme.token(who)), payload: body });
    expect((await send('manager', { report_key: 'absence', recipient_ids: [acme.people.manager.id] })).statusCode).toBe(403);
    expect((await send('owner', { report_key: 'absence', recipient_ids: [acme.people.employee.id] })).statusCode).toBe(422);
    const created = await send('owner', {
      report_key: 'absence',
      group_by: 'department',
      recipient_ids: [acme.people.manager.id, acme.people.hr.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const mails = () =>
      ownerSql<{ to_address: string; subject: string }>(
        t,
        sql`select to_address, subject from outbox_email where template = 'report_digest' order by to_address`,
      );
    const reports = (await import('../../../src/modules/reports/server/absence-reports')).REPORTS_ON_MAIN;
    // Not again this month; on the 1st of next month, once to each recipient, and not twice.
    expect(await sendMonthlyReports({ db: t.database.db, config: t.config, reports })).toBe(0);
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    next.setUTCHours(9);
    expect(await sendMonthlyReports({ db: t.database.db, config: t.config, reports, now: next })).toBe(2);
    expect(await sendMonthlyReports({ db: t.database.db, config: t.config, reports, now: next })).toBe(0);
    expect((await mails()).map((m) => m.to_address).sort()).toEqual([acme.people.hr.email, acme.people.manager.email].sort());
    expect((await mails())[0]?.subject).toMatch(/^Absence report, /);
  });
});

describe('query strings of any shape', () => {
  it('never answer a 5xx', async () => {
    const token = await acme.token('owner');
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '2026-02-30',
        '',
        '2026-01-01',
        '9999-12-31',
        acme.departments.Operations ?? '',
        'csv',
        'xlsx',
        'pdf',
        'person',
        '../',
      ),
    );
    const key = fc.constantFrom('from', 'to', 'department_id', 'department_id[]', 'location_id', 'user_id[]', 'group_by', 'format');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('absence', 'sickness', 'bradford', 'headcount', 'service'),
        fc.array(fc.tuple(key, value), { maxLength: 6 }),
        async (name, pairs) => {
          const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const res = await t.app.inject({ method: 'GET', url: `/api/absence-reports/${name}?${range}&${query}`, headers: bearer(token) });
          expect(res.statusCode, `${name}?${query} ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 50 },
    );
  });
});
