// A pay period's payroll data, checked against numbers worked out by hand: approved paid
// overtime by rate (hours × multiplier and cost from the hourly pay), unpaid leave days,
// sickness days with qualifying days, starters and leavers; the export that locks what it
// carried (a late approval lands in the next period), the files, and sending the data to the
// payroll contact as an expiring link through the mail outbox.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollMessages, type PayPeriodDetail } from '../../../src/modules/payroll/payroll.contract';
import { addUser, inCompany, mailText, ownerSql } from '../../support/identity-fixtures';
import { addOvertimeCompany, type OvertimeCompany } from '../../support/overtime-fixtures';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let sink: SmtpSink;
let t: TestApp;
let c: OvertimeCompany;

// Week of Monday 5 March 2029 (no bank holiday); weekly periods from Monday 1 January 2029.
const WEEK = '2029-03-05';
const NEXT = '2029-03-12';

async function overtime(person: 'employee' | 'colleague', date: string, hours: number, rate: string | null, status = 'approved') {
  const rows = await ownerSql<{ id: string }>(
    t,
    sql`insert into user_overtime (company_id, user_id, date, hours, reason, compensation, overtime_rate_id, status, reported_by)
        values (${c.companyId}, ${c.people[person].id}, ${date}, ${hours}, 'Cover', ${rate ? 'paid' : 'toil'}, ${rate}, ${status}, ${c.people[person].id}) returning id`,
  );
  return rows[0]!.id;
}

async function absence(person: 'colleague' | 'office', key: string, start: string, end: string | null) {
  await ownerSql(
    t,
    sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status)
        select ${c.companyId}, ${c.people[person].id}, id, ${start}, ${end}, 'days', 'approved' from leave_types where company_id = ${c.companyId} and key = ${key}`,
  );
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    realAuth: true,
    env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: 'https://app.example.test', RATE_LIMIT_MAX: '1000000' },
  });
  c = await addOvertimeCompany(t);
  await ownerSql(
    t,
    sql`insert into company_payroll_settings (company_id, frequency, first_period_start) values (${c.companyId}, 'weekly', '2029-01-01')`,
  );
  await ownerSql(t, sql`update user_employment_details set employee_number = 'P001' where user_id = ${c.people.employee.id}`);
  await ownerSql(
    t,
    sql`insert into user_personal_details (user_id, company_id, ni_number) values (${c.people.employee.id}, ${c.companyId}, 'QQ123456C')`,
  );

  // Ella: 2.5 h at time and a half (Tue), 4 h double time (Thu); a TOIL, a waiting and a declined report count for nothing.
  await overtime('employee', '2029-03-06', 2.5, c.rates.timeAndHalf);
  await overtime('employee', '2029-03-08', 4, c.rates.double);
  await overtime('employee', '2029-03-07', 3, null);
  await overtime('employee', '2029-03-09', 1, c.rates.double, 'reported');
  await overtime('employee', '2029-03-09', 2, c.rates.double, 'declined');
  // Colin: unpaid Wednesday to the next Monday: Wed, Thu, Fri in this week.
  await absence('colleague', 'unpaid', '2029-03-07', '2029-03-12');
  // Oscar: sick Friday to Sunday: 3 days, 1 qualifying.
  await absence('office', 'sickness', '2029-03-09', '2029-03-11');
  // Hana leaves on Friday; Nina starts on Tuesday.
  await ownerSql(t, sql`update users set termination_date = '2029-03-09' where id = ${c.people.hr.id}`);
  const nina = await addUser(t, { company: inCompany(c, 'Employee'), firstName: 'Nina', surname: 'Newman' });
  await ownerSql(
    t,
    sql`insert into user_employment_details (user_id, company_id, start_date) values (${nina.id}, ${c.companyId}, '2029-03-06')`,
  );
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const get = async (start: string) => (await c.send('owner', 'GET', `/api/payroll-period/${start}`)).json<PayPeriodDetail>();
const person = (detail: PayPeriodDetail, name: string) => detail.people.find((p) => p.name === name);

describe('building a pay period', () => {
  it('gathers each person’s elements with the numbers worked out by hand', async () => {
    const detail = await get(WEEK);
    expect(detail).toMatchObject({ start_date: WEEK, end_date: '2029-03-11', frequency: 'weekly', exported_at: null });
    const ella = person(detail, 'Ella Evans');
    expect(ella).toMatchObject({ payroll_number: 'P001', ni_number: 'QQ123456C' });
    expect(ella?.lines.map((l) => [l.code, l.hours, l.multiplier, l.payable_hours, l.amount])).toEqual([
      ['OT15', 2.5, 1.5, 3.75, 45], // £12 × 1.5 × 2.5
      ['OT20', 4, 2, 8, 96], // £12 × 2 × 4
    ]);
    expect(person(detail, 'Colin Cole')?.lines.map((l) => [l.code, l.days, l.hours, l.dates])).toEqual([
      ['UNPAID', 3, 22.5, ['2029-03-07', '2029-03-08', '2029-03-09']],
    ]);
    // Friday to Sunday off sick: one qualifying day, its SSP day carried without an amount, since
    // no SSP rate for 2029/30 is recorded (the pay period says the amount is to add).
    expect(person(detail, 'Oscar Oakes')?.lines.map((l) => [l.code, l.days, l.qualifying_days])).toEqual([
      ['SICK', 3, 1],
      ['SSP', 1, null],
    ]);
    expect(person(detail, 'Hana Reed')).toMatchObject({ leaver_date: '2029-03-09', lines: [{ code: 'LEAVER' }] });
    expect(person(detail, 'Nina Newman')).toMatchObject({ starter_date: '2029-03-06', lines: [{ code: 'STARTER' }] });
    expect(detail.totals).toEqual({ people: 5, overtime_hours: 6.5, payable_hours: 11.75, amount: 141, unpaid_days: 3, sick_days: 3 });
  });

  it('exports the row-per-element layout, the generic CSV and XLSX', async () => {
    const elements = await c.send('owner', 'GET', `/api/payroll-period/${WEEK}/download?layout=elements`);
    expect(elements.headers['content-type']).toContain('text/csv');
    const lines = elements.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Payroll Number,NI Number,Surname,Forename,Element Code,Description,Hours,Rate Multiplier,Days,Amount,Date');
    expect(lines).toContain('P001,QQ123456C,Evans,Ella,OT15,Overtime at Time and a half (×1.5),2.5,1.5,,45.00,06/03/2029');
    expect(lines).toContain(',,Oakes,Oscar,SICK,Sickness,,,1,,');
    const generic = await c.send('owner', 'GET', `/api/payroll-period/${WEEK}/download?layout=csv`);
    const [header, ...rows] = generic.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Payroll number,NI number,Surname,First name,Department,Start date,Leaving date,OT15 hours,OT15 payable hours,OT15 amount (£),OT20 hours,OT20 payable hours,OT20 amount (£),SICK days,SICK qualifying days,SSP days,UNPAID hours,UNPAID days',
    );
    expect(rows.find((row) => row.includes('Evans'))).toBe('P001,QQ123456C,Evans,Ella,Operations,,,2.5,3.75,45.00,4,8,96.00,,,,,');
    expect(rows.find((row) => row.includes('Newman'))).toBe(',,Newman,Nina,,06/03/2029,,,,,,,,,,,,');
    const xlsx = await c.send('owner', 'GET', `/api/payroll-period/${WEEK}/download?layout=xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for owners and HR admins only, and refuses what is not a period', async () => {
    for (const who of ['manager', 'employee'] as const) {
      expect((await c.send(who, 'GET', '/api/payroll-period')).statusCode).toBe(403);
      expect((await c.send(who, 'POST', `/api/payroll-period/${WEEK}/export`)).statusCode).toBe(403);
    }
    expect((await c.send('hr', 'GET', `/api/payroll-period/${WEEK}`)).statusCode).toBe(200);
    expect((await c.send('owner', 'GET', '/api/payroll-period/2029-03-06')).statusCode).toBe(404);
    expect((await c.send('owner', 'GET', '/api/payroll-period/not-a-date')).statusCode).toBe(404);
  });
});

describe('exporting', () => {
  it('locks what it carried: stored as exported, the overtime stamped, a second export refused', async () => {
    const exported = await c.send('owner', 'POST', `/api/payroll-period/${WEEK}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.json<PayPeriodDetail>().exported_at).not.toBeNull();
    const stamped = await ownerSql<{ n: string }>(
      t,
      sql`select count(*) as n from user_overtime where company_id = ${c.companyId} and exported_at is not null`,
    );
    expect(Number(stamped[0]?.n)).toBe(2);
    const again = await c.send('owner', 'POST', `/api/payroll-period/${WEEK}/export`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(payrollMessages.alreadyExported);
    expect((await c.send('owner', 'POST', '/api/payroll-period/2029-02-26/export')).statusCode).toBe(409);
  });

  it('puts a late approval and a late sickness into the next period, never twice, leaving the exported one as it was', async () => {
    await overtime('employee', '2029-03-07', 1, c.rates.timeAndHalf);
    await absence('colleague', 'sickness', '2029-03-05', '2029-03-05');
    const exported = await get(WEEK);
    expect(exported.totals).toMatchObject({ overtime_hours: 6.5, sick_days: 3 });
    const next = await get(NEXT);
    const ella = person(next, 'Ella Evans');
    expect(ella?.lines).toEqual([
      expect.objectContaining({ code: 'OT15', hours: 1, payable_hours: 1.5, amount: 18, late: true, dates: ['2029-03-07'] }),
    ]);
    const colin = person(next, 'Colin Cole');
    // Monday 12 March of the unpaid leave, and the late sick day.
    expect(colin?.lines.map((l) => [l.code, l.days, l.late])).toEqual([
      ['SICK', 1, true],
      ['SSP', 1, true],
      ['UNPAID', 1, false],
    ]);
    expect(person(next, 'Oscar Oakes')).toBeUndefined();
  });
});

describe('expenses in the pay period', () => {
  it('carries an approved claim as its reimbursement and its taxable mileage excess, and locks the claim on export', async () => {
    const insertClaim = (status: string, decided: string) =>
      ownerSql<{ id: string }>(
        t,
        sql`insert into expense_claims (company_id, user_id, claim_type, status, total_pence, taxable_pence, approved_pence, submitted_at, decided_at)
            values (${c.companyId}, ${c.people.employee.id}, 'mileage', ${status}, 6000, 1000, 6000, ${decided}::timestamptz - interval '1 day', ${decided}::timestamptz)
            returning id`,
      );
    const [approved] = await insertClaim('approved', '2029-03-13T10:00:00Z');
    await insertClaim('rejected', '2029-03-13T11:00:00Z');

    const next = await get(NEXT);
    const lines = person(next, 'Ella Evans')?.lines ?? [];
    expect(lines.filter((l) => l.code === 'EXPENSES' || l.code === 'MILEAGE_TAX').map((l) => [l.code, l.amount])).toEqual([
      ['EXPENSES', 50],
      ['MILEAGE_TAX', 10],
    ]);

    expect((await c.send('owner', 'POST', `/api/payroll-period/${NEXT}/export`)).statusCode).toBe(200);
    const claim = await ownerSql<{ status: string }>(t, sql`select status from expense_claims where id = ${approved!.id}`);
    expect(claim[0]?.status).toBe('exported');
    const later = await get('2029-03-19');
    expect(person(later, 'Ella Evans')?.lines.some((l) => l.code === 'EXPENSES') ?? false).toBe(false);
  });
});

describe('sending payroll data', () => {
  it('needs the payroll contact, then e-mails an expiring link and records who sent what when', async () => {
    const none = await c.send('owner', 'POST', `/api/payroll-period/${WEEK}/send`, { layout: 'elements' });
    expect(none.statusCode).toBe(422);
    const saved = await c.send('owner', 'PUT', '/api/payroll-settings', {
      frequency: 'weekly',
      first_period_start: '2029-01-01',
      payroll_contact_email: 'bureau@payroll.example.test',
    });
    expect(saved.statusCode).toBe(200);
    const sent = await c.send('owner', 'POST', `/api/payroll-period/${WEEK}/send`, { layout: 'elements' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<PayPeriodDetail>().sends).toEqual([
      expect.objectContaining({ sent_to: 'bureau@payroll.example.test', layout: 'elements', sent_by: 'Olive Owner', downloaded_at: null }),
    ]);
    const mail = await sink.waitFor({ to: 'bureau@payroll.example.test' });
    const text = mailText(mail.raw);
    expect(text).toContain('05/03/2029 to 11/03/2029');
    const link = /https:\/\/app\.example\.test(\/api\/payroll-data\/[\w-]+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    const file = await t.app.inject({ method: 'GET', url: link! });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('P001,QQ123456C,Evans,Ella,OT15');
    const audit = await ownerSql<{ n: string }>(
      t,
      sql`select count(*) as n from audit_log where company_id = ${c.companyId} and action = 'payroll.sent'`,
    );
    expect(Number(audit[0]?.n)).toBe(1);

    await ownerSql(t, sql`update payroll_sends set expires_at = now() - interval '1 minute' where company_id = ${c.companyId}`);
    const expired = await t.app.inject({ method: 'GET', url: link! });
    expect(expired.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/payroll-data/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(404);
  });
});
