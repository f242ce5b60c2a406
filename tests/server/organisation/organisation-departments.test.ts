// Departments and their managers: each department lists its managers and head count; a
// person's managed departments include their own (marked, not removable there); adding one
// widens the manager's department scope; only owners and HR admins change them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department, ManagedDepartment } from '../../../src/modules/organisation/organisation.contract';
import type { ListResponse } from '../../../src/shared/list';
import { addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let company: ShellCompany;
let owner: Person;
let hrAdmin: Person;
let manager: Person;
let officeEmployee: Person;
let otherOwner: Person;
let otherCompany: ShellCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  otherCompany = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  hrAdmin = await addPerson(t, company, { role: 'HR admin', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations', firstName: 'Mo' });
  officeEmployee = await addPerson(t, company, { role: 'Employee', department: 'Office' });
  otherOwner = await addPerson(t, otherCompany, { role: 'Owner', department: 'Office' });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (who: Person, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const dept = (name: string) => company.departments[name] ?? '';
const departments = async (who: Person) => (await send(who, 'GET', '/api/departments')).json<ListResponse<Department>>().results;
const managedOf = async (who: Person, userId: string) =>
  (await send(who, 'GET', `/api/user-managed-department?user_id=${userId}`)).json<ListResponse<ManagedDepartment>>().results;

describe('departments', () => {
  it('list their head count and managers for every user of the company, and no other company’s', async () => {
    const rows = await departments(officeEmployee);
    expect(rows.map((row) => [row.name, row.employee_count, row.managers])).toEqual([
      ['Office', 3, []],
      ['Operations', 1, [{ id: manager.id, first_name: 'Mo', surname: 'Tester' }]],
    ]);
    expect(rows.map((row) => row.id)).not.toContain(otherCompany.departments.Office);
    expect((await send(owner, 'GET', `/api/departments/${otherCompany.departments.Office}`)).statusCode).toBe(404);
  });

  it('in use cannot be deleted; an empty one can', async () => {
    const refused = await send(owner, 'DELETE', `/api/departments/${dept('Operations')}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('This department is used by 1 employee. Move them first.');
    const made = (await send(hrAdmin, 'POST', '/api/departments', { name: 'Warehouse' })).json<Department>();
    expect(made).toMatchObject({ name: 'Warehouse', employee_count: 0, managers: [] });
    expect((await send(hrAdmin, 'DELETE', `/api/departments/${made.id}`)).statusCode).toBe(204);
  });
});

describe('managed departments', () => {
  it('include a person’s own department, marked, which cannot be removed here', async () => {
    const rows = await managedOf(owner, manager.id);
    expect(rows).toEqual([
      expect.objectContaining({ user_id: manager.id, department_id: dept('Operations'), department_name: 'Operations', own: true }),
    ]);
    const refused = await send(owner, 'DELETE', `/api/user-managed-department/${rows[0]?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('This is their own department; change it on their employment details.');
    const again = await send(owner, 'POST', '/api/user-managed-department', { user_id: manager.id, department_id: dept('Operations') });
    expect(again.statusCode).toBe(422);
  });

  it('widen a manager’s scope when added, show on the department, and narrow it when removed', async () => {
    // Before: the manager reaches nobody in Office.
    const officeRecord = `/api/user-settings/${officeEmployee.id}`;
    expect((await send(manager, 'GET', officeRecord)).statusCode).toBe(403);

    const added = await send(hrAdmin, 'POST', '/api/user-managed-department', { user_id: manager.id, department_id: dept('Office') });
    expect(added.statusCode, added.body).toBe(201);
    const row = added.json<ManagedDepartment>();
    expect(row).toMatchObject({ department_name: 'Office', first_name: 'Mo', own: false });
    expect((await managedOf(officeEmployee, manager.id)).map((item) => [item.department_name, item.own])).toEqual([
      ['Operations', true],
      ['Office', false],
    ]);
    const office = (await departments(officeEmployee)).find((item) => item.name === 'Office');
    expect(office?.managers).toEqual([{ id: manager.id, first_name: 'Mo', surname: 'Tester' }]);
    const byDepartment = await send(owner, 'GET', `/api/user-managed-department?department_id=${dept('Office')}`);
    expect(byDepartment.json<ListResponse<ManagedDepartment>>().results.map((item) => [item.user_id, item.own])).toEqual([
      [manager.id, false],
    ]);
    const operations = await send(owner, 'GET', `/api/user-managed-department?department_id=${dept('Operations')}`);
    expect(operations.json<ListResponse<ManagedDepartment>>().results.map((item) => [item.user_id, item.own])).toEqual([
      [manager.id, true],
    ]);
    expect((await send(manager, 'GET', officeRecord)).statusCode).toBe(200);

    const duplicate = await send(owner, 'POST', '/api/user-managed-department', { user_id: manager.id, department_id: dept('Office') });
    expect(duplicate.json<{ errors: object }>().errors).toEqual({ department_id: ['They already manage this department.'] });

    expect((await send(owner, 'DELETE', `/api/user-managed-department/${row.id}`)).statusCode).toBe(204);
    expect((await send(manager, 'GET', officeRecord)).statusCode).toBe(403);
    expect((await send(owner, 'DELETE', `/api/user-managed-department/${row.id}`)).statusCode).toBe(404);
  });

  it('are changed only by owners and HR admins, and only with their own company’s people and departments', async () => {
    for (const who of [manager, officeEmployee]) {
      expect(
        (await send(who, 'POST', '/api/user-managed-department', { user_id: manager.id, department_id: dept('Office') })).statusCode,
      ).toBe(403);
    }
    const foreignDepartment = await send(owner, 'POST', '/api/user-managed-department', {
      user_id: manager.id,
      department_id: otherCompany.departments.Office,
    });
    expect(foreignDepartment.json<{ errors: object }>().errors).toEqual({ department_id: ['This is not a valid department.'] });
    const foreignPerson = await send(owner, 'POST', '/api/user-managed-department', {
      user_id: otherOwner.id,
      department_id: dept('Office'),
    });
    expect(foreignPerson.json<{ errors: object }>().errors).toEqual({ user_id: ['This is not a valid user.'] });
    expect((await managedOf(owner, otherOwner.id)).length).toBe(0);
    expect(
      (await send(owner, 'DELETE', `/api/user-managed-department/${otherOwner.id}_${otherCompany.departments.Office}`)).statusCode,
    ).toBe(404);
  });
});
