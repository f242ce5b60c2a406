// Around the directory: "Meet the team" for every user of the company (never terminated
// people), the onboarding checklist, a person's audit history (company scope only) and the
// company's roles.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, RoleOption, SetupChecklist, TeamMember } from '../../../src/modules/employees/directory.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addEmployee, type Employee } from '../../support/people-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let company: ShellCompany;
let companyId: string;
let owner: Person;
let hrAdmin: Person;
let manager: Person;
let employee: Person;
let admin: Person;
let ada: Employee;
let gone: Employee;
let otherPerson: Employee;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  companyId = company.companyId!;
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  hrAdmin = await addPerson(t, company, { role: 'HR admin', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  employee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
  ada = await addEmployee(t, company, { firstName: 'Ada', surname: 'Lovelace', department: 'Office', jobTitle: 'Analyst' });
  await ownerSql(t, sql`insert into user_about_me (user_id, company_id, about) values (${ada.id}, ${companyId}, ${'x'.repeat(300)})`);
  gone = await addEmployee(t, company, { firstName: 'Gone', surname: 'Away', department: 'Office', status: 'terminated' });
  await addEmployee(t, company, { firstName: 'Lou', surname: 'Locked', department: 'Office', status: 'locked' });
  otherPerson = await addEmployee(t, await addShellCompany(t), { firstName: 'Other', surname: 'Firm' });
});
afterAll(async () => t.close());

const send = (who: Person, method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: who.headers });

describe('GET /api/user-meet-the-team', () => {
  it('shows every colleague to any user (employees too), never terminated or locked people or other companies', async () => {
    const res = await send(employee, 'GET', '/api/user-meet-the-team?limit=50');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ results: TeamMember[]; count: number }>();
    expect(page.results.map((m) => m.first_name)).toEqual(['Ada', 'Employee', 'HR', 'Manager', 'Owner']);
    expect(page.count).toBe(5);
    const card = page.results[0];
    expect(card).toMatchObject({ id: ada.id, job_title: 'Analyst', department: { name: 'Office' }, location: null, profile_image: null });
    expect(card?.about).toHaveLength(200);
    expect(Object.keys(card ?? {}).sort()).toEqual([
      'about',
      'department',
      'first_name',
      'id',
      'job_title',
      'location',
      'profile_image',
      'surname',
    ]);
    expect(res.body).not.toContain(gone.id);
    expect(res.body).not.toContain(otherPerson.id);
  });

  it('searches, filters by department and pages', async () => {
    const search = await send(manager, 'GET', '/api/user-meet-the-team?search=love');
    expect(search.json<{ results: TeamMember[] }>().results.map((m) => m.id)).toEqual([ada.id]);
    const ops = await send(owner, 'GET', `/api/user-meet-the-team?department_id[]=${company.departments.Operations}`);
    expect(ops.json<{ count: number }>().count).toBe(2);
    const paged = await send(owner, 'GET', '/api/user-meet-the-team?limit=2&offset=2');
    expect(paged.json()).toMatchObject({ count: 5, next_offset: 4 });
  });
});

describe('/api/user-setup-complete/{userId}', () => {
  const fillAll = async (userId: string) => {
    await ownerSql(
      t,
      sql`insert into user_personal_details (user_id, company_id, date_of_birth) values (${userId}, ${companyId}, '1990-01-01')`,
    );
    await ownerSql(
      t,
      sql`insert into user_contact_details (user_id, company_id, address_line1, postcode) values (${userId}, ${companyId}, '1 High St', 'LS1 1AA')`,
    );
    await ownerSql(
      t,
      sql`insert into user_next_of_kin (company_id, user_id, name, relationship) values (${companyId}, ${userId}, 'Kim', 'Sister')`,
    );
    await ownerSql(
      t,
      sql`insert into user_employment_details (user_id, company_id, start_date) values (${userId}, ${companyId}, '2024-01-01')`,
    );
    await ownerSql(
      t,
      sql`insert into user_working_patterns (company_id, user_id, start_date) values (${companyId}, ${userId}, '2024-01-01')`,
    );
  };

  it('lists the steps; completing refuses until every step is done, then records the time', async () => {
    const newcomer = await addEmployee(t, company, { firstName: 'New', surname: 'Comer', department: 'Operations' });
    const first = await send(hrAdmin, 'GET', `/api/user-setup-complete/${newcomer.id}`);
    expect(first.statusCode, first.body).toBe(200);
    const checklist = first.json<SetupChecklist>();
    expect(checklist.steps.map((s) => [s.key, s.done])).toEqual([
      ['personal_details', false],
      ['contact_details', false],
      ['next_of_kin', false],
      ['employment', false],
      ['job_title', false],
      ['working_pattern', false],
    ]);
    const early = await send(hrAdmin, 'POST', `/api/user-setup-complete/${newcomer.id}`);
    expect(early.statusCode).toBe(422);
    expect(early.json<{ message: string }>().message).toBe('Please complete every step first.');
    await fillAll(newcomer.id);
    await ownerSql(
      t,
      sql`insert into user_job_titles (company_id, user_id, title, start_date) values (${companyId}, ${newcomer.id}, 'Porter', '2024-01-01')`,
    );
    const done = await send(hrAdmin, 'POST', `/api/user-setup-complete/${newcomer.id}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<SetupChecklist>()).toMatchObject({ complete: true, completed_at: expect.any(String) });
    expect((await send(manager, 'GET', `/api/user-setup-complete/${newcomer.id}`)).json<SetupChecklist>().complete).toBe(true);
  });

  it('is read by a manager over their departments and by the person; only company scope completes it', async () => {
    expect((await send(manager, 'GET', `/api/user-setup-complete/${ada.id}`)).statusCode).toBe(403);
    expect((await send(employee, 'GET', `/api/user-setup-complete/${employee.id}`)).statusCode).toBe(200);
    expect((await send(employee, 'GET', `/api/user-setup-complete/${manager.id}`)).statusCode).toBe(403);
    expect((await send(manager, 'POST', `/api/user-setup-complete/${employee.id}`)).statusCode).toBe(403);
    expect((await send(owner, 'GET', `/api/user-setup-complete/${otherPerson.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/audit-log?target_id=', () => {
  it("answers the person's entries newest first with the actor, for company scope only", async () => {
    await t.app.inject({ method: 'PUT', url: `/api/user-basic/${ada.id}`, headers: owner.headers, payload: { first_name: 'Augusta' } });
    await t.app.inject({ method: 'PUT', url: `/api/user-basic/${ada.id}`, headers: hrAdmin.headers, payload: { first_name: 'Ada' } });
    const res = await send(hrAdmin, 'GET', `/api/audit-log?target_id=${ada.id}&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ results: AuditLogEntry[]; count: number; next_offset: number }>();
    expect(page.count).toBe(2);
    expect(page.next_offset).toBe(1);
    expect(page.results[0]).toMatchObject({
      action: 'user.updated',
      actor: { id: hrAdmin.id, first_name: 'HR', surname: 'Tester' },
      impersonated: false,
      details: { from: { first_name: 'Augusta' }, to: { first_name: 'Ada' } },
    });
    expect((await send(manager, 'GET', `/api/audit-log?target_id=${employee.id}`)).statusCode).toBe(403);
    expect((await send(employee, 'GET', `/api/audit-log?target_id=${employee.id}`)).statusCode).toBe(403);
    expect((await send(owner, 'GET', `/api/audit-log?target_id=${otherPerson.id}`)).statusCode).toBe(404);
    expect((await send(owner, 'GET', '/api/audit-log?target_id=nope')).statusCode).toBe(422);
    expect((await send(admin, 'GET', `/api/audit-log?target_id=${ada.id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/role', () => {
  it("answers the company's roles by name for any user of the company", async () => {
    const res = await send(employee, 'GET', '/api/role');
    expect(res.statusCode).toBe(200);
    const { results } = res.json<{ results: RoleOption[] }>();
    expect(results.map((r) => r.name)).toEqual(['Docs only', 'Employee', 'HR admin', 'Manager', 'Owner']);
    expect(results.every((r) => [...company.roles.values()].includes(r.id))).toBe(true);
    expect((await send(admin, 'GET', '/api/role')).statusCode).toBe(403);
  });
});
