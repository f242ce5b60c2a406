// Employment details over HTTP: department, location and line managers (answered by name),
// what a department-wide manager may not do, the line-manager choices, and the bank-holiday
// region from the location or set per person.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankHolidaySetting, EmploymentDetails } from '../../../src/modules/employees/employment-records.contract';
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
let departments: Record<string, string>;
const ids = { contractType: '', location: '' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (who: Person, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const insertId = async (query: ReturnType<typeof sql<{ id: string }>>) => (await ownerSql(t, query))[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  const company = await addShellCompany(t);
  const other = await addShellCompany(t);
  companyId = company.companyId!;
  departments = company.departments;
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  opsEmployee = await addPerson(t, company, { role: 'Employee', department: 'Operations', firstName: 'Ella' });
  officeEmployee = await addPerson(t, company, { role: 'Employee', department: 'Office' });
  otherOwner = await addPerson(t, other, { role: 'Owner', department: 'Office' });
  ids.contractType = await insertId(sql`INSERT INTO contract_types (company_id, name) VALUES (${companyId}, 'Permanent') RETURNING id`);
  ids.location = await insertId(
    sql`INSERT INTO company_locations (company_id, name, bank_holiday_region) VALUES (${companyId}, 'Glasgow', 'scotland') RETURNING id`,
  );
});
afterAll(async () => t.close());

describe('employment details', () => {
  it('are set by the owner with department, location and line managers, answered with their names', async () => {
    const res = await send(owner, 'PUT', `/api/user-employment-details/${opsEmployee.id}`, {
      start_date: '2022-09-01',
      probation_end_date: '2023-03-01',
      contract_type_id: ids.contractType,
      hours_per_week: 37.5,
      employee_number: 'E-0042',
      location_id: ids.location,
      line_manager_ids: [manager.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EmploymentDetails>()).toMatchObject({
      start_date: '2022-09-01',
      contract_type_name: 'Permanent',
      hours_per_week: 37.5,
      department_name: 'Operations',
      location_name: 'Glasgow',
      line_managers: [{ id: manager.id, name: 'Manager Tester' }],
    });
    const partial = await send(manager, 'PUT', `/api/user-employment-details/${opsEmployee.id}`, { employee_number: 'E-0043' });
    expect(partial.json<EmploymentDetails>()).toMatchObject({
      employee_number: 'E-0043',
      start_date: '2022-09-01',
      line_managers: [{ id: manager.id }],
    });
  });

  it('refuse the person as their own line manager, a probation end before the start, and a manager moving someone out (422)', async () => {
    const url = `/api/user-employment-details/${opsEmployee.id}`;
    const self = await send(owner, 'PUT', url, { line_manager_ids: [opsEmployee.id] });
    expect(self.json<{ errors: object }>().errors).toEqual({ line_manager_ids: ['A person cannot be their own line manager.'] });
    const early = await send(owner, 'PUT', url, { probation_end_date: '2020-01-01' });
    expect(early.json<{ errors: object }>().errors).toEqual({
      probation_end_date: ['The probation end date cannot be before the start date.'],
    });
    const moved = await send(manager, 'PUT', url, { department_id: departments.Office });
    expect(moved.statusCode).toBe(422);
    expect(moved.json<{ errors: object }>().errors).toEqual({ department_id: ['You can only move people into your own departments.'] });
    const validate = await send(manager, 'POST', '/api/user-employment-details/validate', {
      user_id: opsEmployee.id,
      department_id: departments.Office,
    });
    expect(validate.json()).toEqual({ errors: { department_id: ['You can only move people into your own departments.'] } });
    // The owner may; the department's manager then no longer reaches them.
    expect((await send(owner, 'PUT', url, { department_id: departments.Office })).statusCode).toBe(200);
    expect((await send(manager, 'GET', url)).statusCode).toBe(403);
    expect((await send(owner, 'PUT', url, { department_id: departments.Operations })).statusCode).toBe(200);
  });

  it('offer active colleagues other than the person as line managers', async () => {
    const res = await send(owner, 'GET', `/api/user-employment-details/${opsEmployee.id}/line-manager-options?search=test`);
    const names = res.json<{ results: { id: string }[] }>().results.map((r) => r.id);
    expect(names).toContain(manager.id);
    expect(names).not.toContain(opsEmployee.id);
    expect(names).not.toContain(otherOwner.id);
  });
});

describe('bank-holiday region', () => {
  it('comes from the location, is overridden per person, and falls back to England and Wales', async () => {
    const url = `/api/user-bank-holidays/${opsEmployee.id}`;
    expect((await send(opsEmployee, 'GET', url)).json<BankHolidaySetting>()).toEqual({
      user_id: opsEmployee.id,
      bank_holiday_region: 'scotland',
      source: 'location',
      location_region: 'scotland',
    });
    const override = await send(owner, 'PUT', url, { bank_holiday_region: 'northern-ireland' });
    expect(override.json<BankHolidaySetting>()).toMatchObject({ bank_holiday_region: 'northern-ireland', source: 'override' });
    expect((await send(opsEmployee, 'PUT', url, { bank_holiday_region: null })).statusCode).toBe(403);
    expect((await send(owner, 'PUT', url, { bank_holiday_region: 'wales' })).statusCode).toBe(422);
    expect((await send(owner, 'PUT', url, { bank_holiday_region: null })).json<BankHolidaySetting>().source).toBe('location');
    expect((await send(owner, 'GET', `/api/user-bank-holidays/${officeEmployee.id}`)).json<BankHolidaySetting>()).toMatchObject({
      bank_holiday_region: 'england-and-wales',
      source: 'default',
      location_region: null,
    });
  });
});
