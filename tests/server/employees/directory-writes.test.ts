// Adding people (POST /api/user-basic, /validate), changing the basic record (PUT) and bulk
// actions (POST /api/user-basic/bulk, all or nothing): each role's reach, e-mail addresses
// unique across companies, and audit entries for every change.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, type UserBasic } from '../../../src/modules/employees/directory.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addEmployee, addTag, auditActions, userRow, type Employee } from '../../support/people-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let company: ShellCompany;
let companyId: string;
let owner: Person;
let hrAdmin: Person;
let manager: Person;
let opsEmployee: Person;
let admin: Person;
let outsider: Employee;
let otherTag: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  companyId = company.companyId!;
  const other = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  hrAdmin = await addPerson(t, company, { role: 'HR admin', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  opsEmployee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
  outsider = await addEmployee(t, other, { firstName: 'Olga', surname: 'Other', department: 'Office' });
  otherTag = await addTag(t, other.companyId!, 'Theirs');
});
afterAll(async () => t.close());

const send = (who: Person, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });
const fresh = () => `new-${crypto.randomUUID().slice(0, 8)}@example.test`;
const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors?: Record<string, string[]> }).errors ?? {};

describe('POST /api/user-basic', () => {
  it('adds a pending person with the Employee role, a job-title record and a start date (201), audited', async () => {
    const email = fresh();
    const res = await send(owner, 'POST', '/api/user-basic', {
      first_name: ' Priya ',
      surname: 'Patel',
      email,
      department_id: company.departments.Office,
      job_title: 'Payroll clerk',
      start_date: '2026-01-05',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<UserBasic>();
    expect(created).toMatchObject({
      first_name: 'Priya',
      surname: 'Patel',
      email,
      status: 'pending',
      job_title: 'Payroll clerk',
      start_date: '2026-01-05',
      role: { name: 'Employee' },
      department: { name: 'Office' },
    });
    const jobs = await ownerSql<{ title: string; start_date: string }>(
      t,
      sql`select title, start_date from user_job_titles where user_id = ${created.id}`,
    );
    expect(jobs).toEqual([{ title: 'Payroll clerk', start_date: '2026-01-05' }]);
    expect(await auditActions(t, created.id)).toEqual(['user.created']);
  });

  it('invites at once when asked: status invited and a link stored', async () => {
    const res = await send(hrAdmin, 'POST', '/api/user-basic', {
      first_name: 'Ivy',
      surname: 'Invited',
      email: fresh(),
      send_invitation: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<UserBasic>();
    expect(created.status).toBe('invited');
    const tokens = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from invitation_tokens where user_id = ${created.id}`);
    expect(tokens[0]?.n).toBe(1);
    expect(await auditActions(t, created.id)).toEqual(['user.created', 'user.invited']);
  });

  it('refuses an address any account has, in any company and any case (422 EMAIL_TAKEN)', async () => {
    for (const email of [outsider.email.toUpperCase(), owner.email]) {
      const res = await send(owner, 'POST', '/api/user-basic', { first_name: 'Dup', surname: 'Licate', email });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ email: [EMAIL_TAKEN] });
    }
  });

  it("keeps a manager to their own departments and the company's default role", async () => {
    const into = (department_id: string | undefined, extra: object = {}) =>
      send(manager, 'POST', '/api/user-basic', { first_name: 'Mo', surname: 'Managed', email: fresh(), department_id, ...extra });
    expect((await into(company.departments.Office)).statusCode).toBe(403);
    expect((await into(undefined)).statusCode).toBe(422);
    expect((await into(company.departments.Operations, { role_id: company.roles.get('Owner') })).statusCode).toBe(403);
    const ok = await into(company.departments.Operations);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<UserBasic>().role?.name).toBe('Employee');
  });

  it('lets the owner choose a role; refuses another company’s department, location or role, and employees altogether', async () => {
    const res = await send(owner, 'POST', '/api/user-basic', {
      first_name: 'Hana',
      surname: 'Hr',
      email: fresh(),
      role_id: company.roles.get('HR admin'),
    });
    expect(res.json<UserBasic>().role?.name).toBe('HR admin');
    const foreign = await send(owner, 'POST', '/api/user-basic', {
      first_name: 'X',
      surname: 'Y',
      email: fresh(),
      department_id: outsider.id,
      location_id: crypto.randomUUID(),
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(errorsOf(foreign)).sort()).toEqual(['department_id', 'location_id']);
    expect((await send(opsEmployee, 'POST', '/api/user-basic', { first_name: 'E', surname: 'E', email: fresh() })).statusCode).toBe(403);
  });

  it('refuses an administrator, who has no company, whatever company they name', async () => {
    const body = { first_name: 'Ada', surname: 'Admin-made', email: fresh() };
    expect((await send(admin, 'POST', '/api/user-basic', body)).statusCode).toBe(403);
    expect((await send(admin, 'POST', `/api/user-basic?company_id=${companyId}`, body)).statusCode).toBe(403);
  });
});

describe('POST /api/user-basic/validate', () => {
  it('answers field errors of the schema and of the server checks, and none for a good form', async () => {
    const bad = await send(owner, 'POST', '/api/user-basic/validate', { first_name: '', surname: 'S', email: 'nope' });
    expect(bad.statusCode).toBe(200);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['email', 'first_name']);
    const taken = await send(owner, 'POST', '/api/user-basic/validate', { first_name: 'F', surname: 'S', email: owner.email });
    expect(taken.json()).toEqual({ errors: { email: [EMAIL_TAKEN] } });
    const good = await send(owner, 'POST', '/api/user-basic/validate', { first_name: 'F', surname: 'S', email: fresh() });
    expect(good.json()).toEqual({ errors: {} });
  });
});

describe('PUT /api/user-basic/{id}', () => {
  it('changes the fields given, audits from and to, and keeps unchanged fields out of the change', async () => {
    const person = await addEmployee(t, company, { firstName: 'Gary', surname: 'Given', department: 'Operations' });
    const res = await send(owner, 'PUT', `/api/user-basic/${person.id}`, {
      first_name: 'Gareth',
      surname: 'Given',
      mobile: '07700 900123',
      role_id: company.roles.get('Manager'),
      authorised_contact: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserBasic>()).toMatchObject({
      first_name: 'Gareth',
      mobile: '07700 900123',
      authorised_contact: true,
      role: { name: 'Manager' },
    });
    const [entry] = await ownerSql<{ details: { from: object; to: object } }>(
      t,
      sql`select details from audit_log where target_id = ${person.id} and action = 'user.updated'`,
    );
    expect(entry?.details.from).toEqual({
      first_name: 'Gary',
      mobile: null,
      role_id: company.roles.get('Employee'),
      authorised_contact: false,
    });
  });

  it('refuses a manager roles, authorised contacts and moves out of their departments; an employee their own department', async () => {
    const person = await addEmployee(t, company, { firstName: 'Rhys', surname: 'Report', department: 'Operations' });
    const url = `/api/user-basic/${person.id}`;
    expect((await send(manager, 'PUT', url, { role_id: company.roles.get('Owner') })).statusCode).toBe(403);
    expect((await send(manager, 'PUT', url, { authorised_contact: true })).statusCode).toBe(403);
    expect((await send(manager, 'PUT', url, { department_id: company.departments.Office })).statusCode).toBe(403);
    expect((await send(manager, 'PUT', url, { first_name: 'Rhydian', department_id: company.departments.Operations })).statusCode).toBe(
      200,
    );
    expect((await userRow(t, person.id)).department_id).toBe(company.departments.Operations);
    const own = `/api/user-basic/${opsEmployee.id}`;
    expect((await send(opsEmployee, 'PUT', own, { department_id: company.departments.Office })).statusCode).toBe(403);
    expect((await send(opsEmployee, 'PUT', own, { first_name: 'Employee', surname: 'Tester', mobile: '07700 900456' })).statusCode).toBe(
      200,
    );
    expect((await send(opsEmployee, 'PUT', url, { first_name: 'Nope' })).statusCode).toBe(403);
  });

  it('refuses a taken address (422) and another company’s person (404)', async () => {
    const person = await addEmployee(t, company, { firstName: 'Ed', surname: 'Email' });
    const res = await send(owner, 'PUT', `/api/user-basic/${person.id}`, { email: outsider.email });
    expect(errorsOf(res)).toEqual({ email: [EMAIL_TAKEN] });
    expect((await send(owner, 'PUT', `/api/user-basic/${person.id}`, { email: person.email.toUpperCase() })).statusCode).toBe(200);
    expect((await send(owner, 'PUT', `/api/user-basic/${outsider.id}`, { first_name: 'Hijack' })).statusCode).toBe(404);
    expect((await userRow(t, outsider.id)).email).toBe(outsider.email);
  });
});

describe('POST /api/user-basic/bulk', () => {
  const bulk = (who: Person, action: string, data: object) => send(who, 'POST', '/api/user-basic/bulk', { action, data });
  const tagsOf = async (userId: string) =>
    (await ownerSql<{ tag_id: string }>(t, sql`select tag_id from user_user_tags where user_id = ${userId}`)).map((row) => row.tag_id);

  it('adds tags idempotently and removes them, one audit entry per person', async () => {
    const tag = await addTag(t, companyId, 'Key holder');
    const a = await addEmployee(t, company, { firstName: 'Ann', surname: 'Bulk', department: 'Operations' });
    const b = await addEmployee(t, company, { firstName: 'Ben', surname: 'Bulk', department: 'Office' });
    for (let i = 0; i < 2; i++) {
      const res = await bulk(owner, 'add_tags', { user_ids: [a.id, b.id], tag_ids: [tag] });
      expect(res.json(), res.body).toEqual({ action: 'add_tags', updated: 2 });
    }
    expect(await tagsOf(a.id)).toEqual([tag]);
    expect((await bulk(hrAdmin, 'remove_tags', { user_ids: [a.id], tag_ids: [tag] })).json()).toEqual({
      action: 'remove_tags',
      updated: 1,
    });
    expect(await tagsOf(a.id)).toEqual([]);
    expect(await tagsOf(b.id)).toEqual([tag]);
    expect(await auditActions(t, a.id)).toEqual(['user.bulk_add_tags', 'user.bulk_add_tags', 'user.bulk_remove_tags']);
  });

  it('changes nothing when one person is out of reach (403), missing or of another company (422), or a tag is not the company’s', async () => {
    const tag = await addTag(t, companyId, 'Fire warden');
    const ops = await addEmployee(t, company, { firstName: 'Olly', surname: 'Ops', department: 'Operations' });
    const office = await addEmployee(t, company, { firstName: 'Oona', surname: 'Office', department: 'Office' });
    expect((await bulk(manager, 'add_tags', { user_ids: [ops.id, office.id], tag_ids: [tag] })).statusCode).toBe(403);
    expect((await bulk(owner, 'add_tags', { user_ids: [ops.id, outsider.id], tag_ids: [tag] })).statusCode).toBe(422);
    expect((await bulk(owner, 'add_tags', { user_ids: [ops.id, crypto.randomUUID()], tag_ids: [tag] })).statusCode).toBe(422);
    expect((await bulk(owner, 'add_tags', { user_ids: [ops.id], tag_ids: [tag, otherTag] })).statusCode).toBe(422);
    expect(
      (await bulk(manager, 'set_department', { user_ids: [ops.id, office.id], department_id: company.departments.Operations })).statusCode,
    ).toBe(403);
    expect(await tagsOf(ops.id)).toEqual([]);
    expect(await tagsOf(outsider.id)).toEqual([]);
    expect((await userRow(t, office.id)).department_id).toBe(company.departments.Office);
    expect((await bulk(manager, 'add_tags', { user_ids: [ops.id], tag_ids: [tag] })).statusCode).toBe(200);
    expect((await bulk(opsEmployee, 'add_tags', { user_ids: [opsEmployee.id], tag_ids: [tag] })).statusCode).toBe(403);
  });

  it('moves people to a department the caller may place them in', async () => {
    const a = await addEmployee(t, company, { firstName: 'Dee', surname: 'Move', department: 'Operations' });
    expect((await bulk(manager, 'set_department', { user_ids: [a.id], department_id: company.departments.Office })).statusCode).toBe(403);
    const res = await bulk(owner, 'set_department', { user_ids: [a.id], department_id: company.departments.Office });
    expect(res.json()).toEqual({ action: 'set_department', updated: 1 });
    expect((await userRow(t, a.id)).department_id).toBe(company.departments.Office);
    // The Operations manager no longer reaches someone who left Operations.
    const after = await t.app.inject({ method: 'GET', url: `/api/user-basic/${a.id}`, headers: manager.headers });
    expect(after.statusCode).toBe(403);
  });

  it('invites pending and invited people; one active person refuses them all and nothing is sent', async () => {
    const pending = await addEmployee(t, company, { firstName: 'Penny', surname: 'Pending', status: 'pending' });
    const active = await addEmployee(t, company, { firstName: 'Arthur', surname: 'Active' });
    const refused = await bulk(owner, 'invite', { user_ids: [pending.id, active.id] });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({ user_ids: ['Arthur Active is already active.'] });
    expect((await userRow(t, pending.id)).status).toBe('pending');
    expect((await bulk(owner, 'invite', { user_ids: [pending.id] })).json()).toEqual({ action: 'invite', updated: 1 });
    expect((await userRow(t, pending.id)).status).toBe('invited');
  });
});
