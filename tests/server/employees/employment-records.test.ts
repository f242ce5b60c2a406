// Employee records B over HTTP: who may read and write working patterns, pay rates and the
// rest (scopes against the person), no way across companies, job-title history and
// users.job_title (employment details: employment-details.test.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  JobTitleList,
  JobTitleRecord,
  PayRateRecord,
  WorkingPatternList,
  WorkingPatternRecord,
} from '../../../src/modules/employees/employment-records.contract';
import { addDays, londonDate } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import { addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let companyId: string;
let owner: Person;
let manager: Person;
let opsEmployee: Person;
let officeEmployee: Person;
let otherOwner: Person;
let otherEmployee: Person;
const ids = { template: '', payType: '', otherPayType: '', position: '', contractType: '', location: '' };

const today = londonDate(new Date());
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (who: Person, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const insertId = async (query: ReturnType<typeof sql<{ id: string }>>) => (await ownerSql(t, query))[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  const company = await addShellCompany(t);
  const other = await addShellCompany(t);
  companyId = company.companyId!;
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  opsEmployee = await addPerson(t, company, { role: 'Employee', department: 'Operations', firstName: 'Ella' });
  officeEmployee = await addPerson(t, company, { role: 'Employee', department: 'Office' });
  otherOwner = await addPerson(t, other, { role: 'Owner', department: 'Office' });
  otherEmployee = await addPerson(t, other, { role: 'Employee', department: 'Office' });
  ids.template =
    await insertId(sql`INSERT INTO working_pattern_templates (company_id, name, mon_hours, tue_hours, wed_hours, thu_hours, fri_hours)
    VALUES (${companyId}, 'Full time', 7.5, 7.5, 7.5, 7.5, 7) RETURNING id`);
  ids.payType = await insertId(
    sql`INSERT INTO company_pay_rate_types (company_id, name, unit) VALUES (${companyId}, 'Basic', 'hour') RETURNING id`,
  );
  ids.otherPayType = await insertId(
    sql`INSERT INTO company_pay_rate_types (company_id, name, unit) VALUES (${companyId}, 'Salary', 'year') RETURNING id`,
  );
  ids.position = await insertId(sql`INSERT INTO company_positions (company_id, name) VALUES (${companyId}, 'Warehouse lead') RETURNING id`);
  ids.contractType = await insertId(sql`INSERT INTO contract_types (company_id, name) VALUES (${companyId}, 'Permanent') RETURNING id`);
  ids.location = await insertId(
    sql`INSERT INTO company_locations (company_id, name, bank_holiday_region) VALUES (${companyId}, 'Glasgow', 'scotland') RETURNING id`,
  );
});
afterAll(async () => t.close());

const pattern = (userId: string, extra: object = {}) => ({
  user_id: userId,
  start_date: '2024-01-01',
  mon_hours: 8,
  tue_hours: 8,
  wed_hours: 8,
  thu_hours: 8,
  fri_hours: 4.5,
  ...extra,
});

describe('working patterns', () => {
  it('are written by a manager for their department and refused for another department (403)', async () => {
    const created = await send(manager, 'POST', '/api/user-working-pattern', pattern(opsEmployee.id));
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json<WorkingPatternRecord>();
    expect(record).toMatchObject({ user_id: opsEmployee.id, mon_hours: 8, fri_hours: 4.5, sat_hours: 0, total_hours: 36.5 });
    const changed = await send(manager, 'PUT', `/api/user-working-pattern/${record.id}`, {
      ...pattern(opsEmployee.id),
      user_id: undefined,
      fri_hours: 8,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<WorkingPatternRecord>().total_hours).toBe(40);

    expect((await send(manager, 'POST', '/api/user-working-pattern', pattern(officeEmployee.id))).statusCode).toBe(403);
    expect((await send(manager, 'GET', `/api/user-working-pattern?user_id=${officeEmployee.id}`)).statusCode).toBe(403);
    const officePattern = await send(owner, 'POST', '/api/user-working-pattern', pattern(officeEmployee.id));
    expect(officePattern.statusCode).toBe(201);
    const id = officePattern.json<WorkingPatternRecord>().id;
    expect((await send(manager, 'PUT', `/api/user-working-pattern/${id}`, { start_date: '2024-02-01' })).statusCode).toBe(403);
    expect((await send(manager, 'DELETE', `/api/user-working-pattern/${id}`)).statusCode).toBe(403);
  });

  it('copy a template’s hours, list newest first and name the current one', async () => {
    const future = await send(owner, 'POST', '/api/user-working-pattern', {
      user_id: opsEmployee.id,
      start_date: addDays(today, 30),
      template_id: ids.template,
    });
    expect(future.statusCode, future.body).toBe(201);
    expect(future.json<WorkingPatternRecord>()).toMatchObject({
      template_id: ids.template,
      template_name: 'Full time',
      mon_hours: 7.5,
      fri_hours: 7,
      total_hours: 37,
    });
    const current = await send(owner, 'POST', '/api/user-working-pattern', pattern(opsEmployee.id, { start_date: addDays(today, -10) }));
    const list = (await send(opsEmployee, 'GET', `/api/user-working-pattern?user_id=${opsEmployee.id}`)).json<WorkingPatternList>();
    expect(list.results.map((p) => p.start_date)).toEqual([addDays(today, 30), addDays(today, -10), '2024-01-01']);
    expect(list.current_id).toBe(current.json<WorkingPatternRecord>().id);
    expect(list).toMatchObject({ count: 3, next_offset: 3 });
  });

  it('refuse hours that are not quarter hours or over 24 (422)', async () => {
    const res = await send(owner, 'POST', '/api/user-working-pattern', pattern(opsEmployee.id, { mon_hours: 7.3, tue_hours: 25 }));
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      mon_hours: ['Use quarter hours (such as 7.25 or 7.5).'],
      tue_hours: ['Value must be lower than or equal 24'],
    });
  });

  it('are read by the employee but never written by them (403)', async () => {
    expect((await send(opsEmployee, 'GET', `/api/user-working-pattern?user_id=${opsEmployee.id}`)).statusCode).toBe(200);
    expect((await send(opsEmployee, 'POST', '/api/user-working-pattern', pattern(opsEmployee.id))).statusCode).toBe(403);
    expect((await send(opsEmployee, 'GET', `/api/user-working-pattern?user_id=${officeEmployee.id}`)).statusCode).toBe(403);
    expect((await send(opsEmployee, 'GET', `/api/user-employment-details/${opsEmployee.id}`)).statusCode).toBe(200);
    expect((await send(opsEmployee, 'PUT', `/api/user-employment-details/${opsEmployee.id}`, { hours_per_week: 40 })).statusCode).toBe(403);
  });
});

describe('pay rates', () => {
  it('are read-only for a manager and filtered by type', async () => {
    const rate = { user_id: opsEmployee.id, pay_rate_type_id: ids.payType, amount: 12.5, start_date: '2024-04-01' };
    expect((await send(manager, 'POST', '/api/user-pay-rate', rate)).statusCode).toBe(403);
    const created = await send(owner, 'POST', '/api/user-pay-rate', rate);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<PayRateRecord>()).toMatchObject({ amount: 12.5, unit: 'hour', pay_rate_type_name: 'Basic' });
    await send(owner, 'POST', '/api/user-pay-rate', { ...rate, pay_rate_type_id: ids.otherPayType, amount: 30000 });
    const id = created.json<PayRateRecord>().id;
    expect((await send(manager, 'PUT', `/api/user-pay-rate/${id}`, { ...rate, user_id: undefined, amount: 99 })).statusCode).toBe(403);
    expect((await send(manager, 'DELETE', `/api/user-pay-rate/${id}`)).statusCode).toBe(403);
    const read = await send(manager, 'GET', `/api/user-pay-rate?user_id=${opsEmployee.id}&pay_rate_type_id=${ids.otherPayType}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ results: PayRateRecord[] }>().results).toEqual([expect.objectContaining({ amount: 30000, unit: 'year' })]);
  });

  it('refuse a negative amount, more than 2 decimals and an end before the start (422)', async () => {
    const res = await send(owner, 'POST', '/api/user-pay-rate', {
      user_id: opsEmployee.id,
      pay_rate_type_id: ids.payType,
      amount: 1.234,
      start_date: '2024-04-01',
      end_date: '2024-03-01',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      amount: ['Use no more than 2 decimal places.'],
      end_date: ['The end date cannot be before the start date.'],
    });
  });
});

describe('another company', () => {
  it('cannot read, change or delete any of these records: they do not exist for it (404)', async () => {
    const created = await send(owner, 'POST', '/api/user-contract', {
      user_id: opsEmployee.id,
      contract_type_id: ids.contractType,
      start_date: '2024-01-01',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    for (const url of [
      '/api/user-contract',
      '/api/user-job-title',
      '/api/user-working-pattern',
      '/api/user-pay-rate',
      '/api/user-work-permit',
    ]) {
      expect((await send(otherOwner, 'GET', `${url}?user_id=${opsEmployee.id}`)).statusCode, url).toBe(404);
    }
    expect((await send(otherOwner, 'GET', `/api/user-employment-details/${opsEmployee.id}`)).statusCode).toBe(404);
    expect((await send(otherOwner, 'GET', `/api/user-bank-holidays/${opsEmployee.id}`)).statusCode).toBe(404);
    expect((await send(otherOwner, 'PUT', `/api/user-contract/${id}`, { start_date: '2024-02-01' })).statusCode).toBe(404);
    expect((await send(otherOwner, 'DELETE', `/api/user-contract/${id}`)).statusCode).toBe(404);
    expect((await send(otherOwner, 'POST', '/api/user-contract', { user_id: opsEmployee.id, start_date: '2024-01-01' })).statusCode).toBe(
      404,
    );
    // A company list of another company is unknown too.
    const foreign = await send(otherOwner, 'POST', '/api/user-contract', {
      user_id: otherEmployee.id,
      contract_type_id: ids.contractType,
      start_date: '2024-01-01',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<{ errors: object }>().errors).toEqual({ contract_type_id: ['This contract type does not exist.'] });
    const still = await send(owner, 'GET', `/api/user-contract?user_id=${opsEmployee.id}`);
    expect(still.json<{ results: { id: string; start_date: string }[] }>().results).toEqual([
      expect.objectContaining({ id, start_date: '2024-01-01' }),
    ]);
  });
});

describe('job-title history', () => {
  const jobTitle = (extra: object) => ({ user_id: officeEmployee.id, ...extra });
  const userJobTitle = async () =>
    (await ownerSql<{ job_title: string | null }>(t, sql`SELECT job_title FROM users WHERE id = ${officeEmployee.id}`))[0]?.job_title;

  it('lists newest first, keeps users.job_title on the latest and gives the latest termination date', async () => {
    const first = await send(
      owner,
      'POST',
      '/api/user-job-title',
      jobTitle({ title: 'Clerk', start_date: '2019-03-01', termination_date: '2021-05-31' }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(await userJobTitle()).toBe('Clerk');
    const latest = await send(owner, 'POST', '/api/user-job-title', jobTitle({ position_id: ids.position, start_date: '2023-01-01' }));
    expect(latest.json<JobTitleRecord>().title).toBe('Warehouse lead');
    await send(
      owner,
      'POST',
      '/api/user-job-title',
      jobTitle({ title: 'Senior clerk', start_date: '2021-06-01', termination_date: '2022-12-31' }),
    );
    expect(await userJobTitle()).toBe('Warehouse lead');

    const list = (await send(officeEmployee, 'GET', `/api/user-job-title?user_id=${officeEmployee.id}`)).json<JobTitleList>();
    expect(list.results.map((j) => j.title)).toEqual(['Warehouse lead', 'Senior clerk', 'Clerk']);
    expect(list.latest_termination_date).toBe('2022-12-31');
    expect(
      (await send(officeEmployee, 'GET', `/api/user-job-title?user_id=${officeEmployee.id}&limit=1&offset=1`)).json<JobTitleList>(),
    ).toMatchObject({
      count: 3,
      next_offset: 2,
      results: [expect.objectContaining({ title: 'Senior clerk' })],
    });

    const events = await ownerSql<{ invalidates: string[] }>(
      t,
      sql`SELECT invalidates FROM realtime_events WHERE channel = ${`company-${companyId}`} AND event = 'user-job-title'`,
    );
    expect(events.length).toBe(3);
    expect(events[0]?.invalidates).toEqual(['user-job-title', 'user-basic']);

    expect((await send(owner, 'DELETE', `/api/user-job-title/${latest.json<JobTitleRecord>().id}`)).statusCode).toBe(204);
    expect(await userJobTitle()).toBe('Senior clerk');
    const moved = await send(owner, 'PUT', `/api/user-job-title/${first.json<JobTitleRecord>().id}`, {
      title: 'Chief clerk',
      start_date: '2024-01-01',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await userJobTitle()).toBe('Chief clerk');
    const audited = await ownerSql<{ action: string }>(
      t,
      sql`SELECT action FROM audit_log WHERE target_id = ${officeEmployee.id} AND action LIKE 'user_job_title.%'`,
    );
    expect(audited.map((a) => a.action).sort()).toEqual([
      'user_job_title.created',
      'user_job_title.created',
      'user_job_title.created',
      'user_job_title.deleted',
      'user_job_title.updated',
    ]);
  });

  it('needs a title or a job title, and no termination before the start (422)', async () => {
    const res = await send(
      owner,
      'POST',
      '/api/user-job-title',
      jobTitle({ title: ' ', start_date: '2024-01-01', termination_date: '2023-12-31' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: object }>().errors).toEqual({
      title: ['Field is required.'],
      termination_date: ['The termination date cannot be before the start date.'],
    });
  });
});
