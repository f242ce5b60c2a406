// The employee directory (GET /api/user-basic) and the basic record (GET /api/user-basic/{id},
// /api/users/{id}): filters, search, sort and paging, each role's reach, and no way
// into another company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryEntry, DirectoryPage, UserBasic } from '../../../src/modules/employees/directory.contract';
import { addEmployee, addLocation, addTag, type Employee } from '../../support/people-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let company: ShellCompany;
let companyId: string;
let owner: Person;
let manager: Person;
let opsEmployee: Person;
let admin: Person;
let alice: Employee;
let bob: Employee;
let cara: Employee;
let dan: Employee;
let outsider: Employee;
let london: string;
let leeds: string;
let firstAider: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  companyId = company.companyId!;
  const other = await addShellCompany(t);
  london = await addLocation(t, companyId, 'London');
  leeds = await addLocation(t, companyId, 'Leeds');
  firstAider = await addTag(t, companyId, 'First aider');
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  opsEmployee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
  alice = await addEmployee(t, company, {
    firstName: 'Alice',
    surname: 'Archer',
    department: 'Office',
    locationId: london,
    jobTitle: 'Accountant',
    startDate: '2021-03-01',
    tagIds: [firstAider],
  });
  bob = await addEmployee(t, company, {
    firstName: 'Bob',
    surname: 'Baker',
    department: 'Operations',
    locationId: leeds,
    startDate: '2019-05-01',
  });
  cara = await addEmployee(t, company, { firstName: 'Cara', surname: 'Cole', department: 'Operations', status: 'terminated' });
  dan = await addEmployee(t, company, { firstName: 'Dan', surname: 'Dyer', department: 'Office', status: 'pending' });
  outsider = await addEmployee(t, other, { firstName: 'Alice', surname: 'Elsewhere', department: 'Office' });
});
afterAll(async () => t.close());

const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const list = async (who: Person, query = '') => {
  const res = await get(who, `/api/user-basic${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DirectoryPage>();
};
const ids = (page: DirectoryPage) => page.results.map((row) => row.id);

describe('GET /api/user-basic', () => {
  it('lists the company by surname, first name for the owner, without terminated people, with every field of a row', async () => {
    const page = await list(owner, 'limit=100');
    expect(page.results.map((row) => `${row.surname} ${row.first_name}`)).toEqual([
      'Archer Alice',
      'Baker Bob',
      'Dyer Dan',
      'Tester Employee',
      'Tester Manager',
      'Tester Owner',
    ]);
    expect(page.count).toBe(6);
    expect(page.next_offset).toBe(6);
    const first = page.results[0] as DirectoryEntry;
    expect(first).toEqual({
      id: alice.id,
      first_name: 'Alice',
      middle_names: null,
      surname: 'Archer',
      email: alice.email,
      status: 'active',
      job_title: 'Accountant',
      department: { id: company.departments.Office, name: 'Office' },
      location: { id: london, name: 'London' },
      tags: [{ id: firstAider, name: 'First aider', colour: 'blue' }],
      start_date: '2021-03-01',
      termination_date: null,
      profile_image: null,
    });
    expect(JSON.stringify(page)).not.toContain(outsider.id);
  });

  it('pages by offset and limit, counting every match', async () => {
    const page = await list(owner, 'limit=2&offset=2');
    expect(page.results.map((row) => row.surname)).toEqual(['Dyer', 'Tester']);
    expect(page).toMatchObject({ count: 6, next_offset: 4 });
    const beyond = await list(owner, 'limit=2&offset=50');
    expect(beyond).toEqual({ results: [], count: 6, next_offset: 50 });
  });

  it('filters by department, location, tags and status (lists, single values wrapped)', async () => {
    expect(ids(await list(owner, `department_id[]=${company.departments.Operations}`)).sort()).toEqual(
      [bob.id, manager.id, opsEmployee.id].sort(),
    );
    expect(ids(await list(owner, `location_id=${leeds}`))).toEqual([bob.id]);
    expect(ids(await list(owner, `tag_ids[]=${firstAider}`))).toEqual([alice.id]);
    expect(ids(await list(owner, 'status[]=pending'))).toEqual([dan.id]);
    expect(ids(await list(owner, 'status[]=terminated&status[]=pending'))).toEqual([cara.id, dan.id]);
    expect((await get(owner, '/api/user-basic?status[]=gone')).statusCode).toBe(422);
    expect((await get(owner, '/api/user-basic?department_id[]=not-a-uuid')).statusCode).toBe(422);
  });

  it('searches names, "first surname" and e-mail case-insensitively; a search finds terminated people too', async () => {
    expect(ids(await list(owner, 'search=aLiCe'))).toEqual([alice.id]);
    expect(ids(await list(owner, 'search=bob%20bak'))).toEqual([bob.id]);
    expect(ids(await list(owner, `search=${encodeURIComponent(dan.email.toUpperCase())}`))).toEqual([dan.id]);
    expect(ids(await list(owner, 'search=cole'))).toEqual([cara.id]);
    expect(ids(await list(owner, 'search=cole&status[]=active'))).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect((await list(owner, 'search=%25')).count).toBe(0);
    expect((await list(owner, 'search=_')).count).toBe(0);
  });

  it('sorts by the other keys', async () => {
    expect((await list(owner, 'sort=-name')).results.map((row) => row.first_name)).toEqual([
      'Owner',
      'Manager',
      'Employee',
      'Dan',
      'Bob',
      'Alice',
    ]);
    expect(ids(await list(owner, 'sort=start_date')).slice(0, 2)).toEqual([bob.id, alice.id]);
    expect(ids(await list(owner, 'sort=-start_date')).slice(0, 2)).toEqual([alice.id, bob.id]);
    const byDepartment = (await list(owner, 'sort=department')).results.map((row) => row.department?.name);
    expect(byDepartment).toEqual(['Office', 'Office', 'Office', 'Operations', 'Operations', 'Operations']);
    expect((await get(owner, '/api/user-basic?sort=salary')).statusCode).toBe(422);
  });

  it("keeps a manager to their departments' people and an employee to themselves", async () => {
    expect(ids(await list(manager)).sort()).toEqual([bob.id, manager.id, opsEmployee.id].sort());
    expect(ids(await list(manager, `department_id[]=${company.departments.Office}`))).toEqual([]);
    expect(ids(await list(opsEmployee))).toEqual([opsEmployee.id]);
    expect(ids(await list(opsEmployee, 'search=alice'))).toEqual([]);
  });

  it('refuses an administrator, who has no company, whatever company they name', async () => {
    expect((await get(admin, '/api/user-basic')).statusCode).toBe(403);
    expect((await get(admin, `/api/user-basic?company_id=${companyId}`)).statusCode).toBe(403);
  });
});

describe('GET /api/user-basic/{id} and /api/users/{id}', () => {
  it('answer the basic record with role, company, departments and line managers', async () => {
    for (const path of ['user-basic', 'users']) {
      const res = await get(owner, `/api/${path}/${alice.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const record = res.json<UserBasic>();
      expect(record).toMatchObject({
        id: alice.id,
        company_id: companyId,
        department_id: company.departments.Office,
        departments: [company.departments.Office],
        role: { id: company.roles.get('Employee'), name: 'Employee' },
        company: { id: companyId, number: null, sector_name: null },
        line_managers: [],
        authorised_contact: false,
        termination_reason: null,
        setup_completed_at: null,
        start_date: '2021-03-01',
      });
    }
  });

  it('are 404 for another company, 403 outside the scope, and open for oneself', async () => {
    expect((await get(owner, `/api/user-basic/${outsider.id}`)).statusCode).toBe(404);
    expect((await get(owner, `/api/users/${outsider.id}`)).statusCode).toBe(404);
    expect((await get(owner, '/api/user-basic/not-an-id')).statusCode).toBe(404);
    expect((await get(manager, `/api/user-basic/${alice.id}`)).statusCode).toBe(403);
    expect((await get(manager, `/api/user-basic/${bob.id}`)).statusCode).toBe(200);
    expect((await get(opsEmployee, `/api/user-basic/${bob.id}`)).statusCode).toBe(403);
    expect((await get(opsEmployee, `/api/users/${opsEmployee.id}`)).statusCode).toBe(200);
    expect((await get(admin, `/api/user-basic/${outsider.id}`)).statusCode).toBe(403);
  });
});
