// Companies run by administrators: only administrators reach the admin calls; a new company is
// made with its default roles and its owner invited through the one invitation path (the
// link in the real e-mail, /confirm-email, /welcome); a status change, audited and e-mailed,
// refuses the next sign-in and the next token refresh with the words for a company not active
// (loginMessages.companyInactive) and deletes nothing;
// a person's own access does the same for them alone; the seat limit refuses one more person.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../../src/modules/auth/auth.contract';
import type { CompanyList, CompanyRow } from '../../../src/modules/companies/companies.contract';
import type { SetupChecklist } from '../../../src/modules/companies/setup.contract';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import {
  addCompanyWithRoles,
  addRole,
  addUser,
  bearer,
  inCompany,
  ownerSql,
  signIn,
  type UserFixture,
} from '../../support/identity-fixtures';
import { companyWithOwner as makeCompany, newCompanyInput } from '../../support/companies-fixtures';
import { deliveredMail, startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let sink: SmtpSink;
let admin: UserFixture;
let adminToken: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    realAuth: true,
    env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: 'https://app.example.test', RATE_LIMIT_MAX: '1000000' },
  });
  admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
  adminToken = await signIn(t, admin);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const newCompany = newCompanyInput;
const companyWithOwner = (suffix: string) => makeCompany(t, sink, adminToken, suffix);

const login = (email: string, password = 'owner-password-1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

describe('only administrators reach the admin calls', () => {
  it('refuses company people (403) and the anonymous (401) on every companies and queue call', async () => {
    const other = await addCompanyWithRoles(t, { departments: ['Office'] });
    const owner = await addUser(t, { company: inCompany(other, 'Owner') });
    const employee = await addUser(t, { company: inCompany(other, 'Employee') });
    const id = other.companyId;
    const calls = [
      ['GET', '/api/companies'],
      ['GET', `/api/companies/${id}`],
      ['POST', '/api/companies'],
      ['PUT', `/api/companies/${id}`],
      ['GET', '/api/company-orders'],
      ['PUT', `/api/company-orders/${id}`],
    ] as const;
    for (const person of [owner, employee]) {
      const token = await signIn(t, person);
      for (const [method, url] of calls) expect((await call(token, method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url] of calls) expect((await call(null, method, url, {})).statusCode).toBe(401);
  });
});

describe('a new company', () => {
  it('has its default roles and an owner who lands through the invitation, with the first-run checklist to do', async () => {
    const { company, ownerToken } = await companyWithOwner('A1');
    expect(company).toMatchObject({ status: 'active', products: ['hr', 'hs'], seats: 5, seats_used: 1, sector_name: 'Retail' });
    const roles = await ownerSql<{ name: string }>(t, sql`select name from roles where company_id = ${company.id} order by name`);
    expect(roles.map((role) => role.name)).toEqual([...PRODUCT_ROLES.company.map((role) => role.name)].sort());
    const leaveTypes = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from leave_types where company_id = ${company.id}`);
    expect(leaveTypes[0]?.n).toBeGreaterThan(0);
    const setup = await call(ownerToken, 'GET', '/api/company-setup');
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json<SetupChecklist>()).toEqual({
      complete: false,
      steps: [
        { key: 'locations', done: false },
        { key: 'departments', done: false },
        { key: 'leave_policy', done: false },
        { key: 'people', done: false },
      ],
    });
    // No demo data: nobody else, no departments.
    const people = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from users where company_id = ${company.id}`);
    expect(people[0]?.n).toBe(1);
    const added = await call(ownerToken, 'POST', '/api/departments', { name: 'Shop floor' });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const after = (await call(ownerToken, 'GET', '/api/company-setup')).json<SetupChecklist>();
    expect(after.steps.find((step) => step.key === 'departments')?.done).toBe(true);
  });

  it('refuses an owner e-mail already in use, and is found by name or number with filters and paging', async () => {
    const taken = await call(adminToken, 'POST', '/api/companies', {
      ...newCompany('B1'),
      owner: { ...newCompany('B1').owner, email: admin.email },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: { 'owner.email': ['This e-mail address is already in use.'] } });
    await companyWithOwner('B2');
    const byNumber = (await call(adminToken, 'GET', '/api/companies?search=ffb2')).json<CompanyList>();
    expect(byNumber.results.map((row) => row.name)).toEqual(['Fieldfare B2 Ltd']);
    const onHold = (await call(adminToken, 'GET', '/api/companies?status=on_hold&search=fieldfare')).json<CompanyList>();
    expect(onHold.results).toEqual([]);
    const paged = (await call(adminToken, 'GET', '/api/companies?search=fieldfare&limit=1&sort=-name')).json<CompanyList>();
    expect(paged.results).toHaveLength(1);
    expect(paged.count).toBeGreaterThanOrEqual(2);
    expect((await call(adminToken, 'GET', '/api/companies?status=nonsense')).statusCode).toBe(422);
    // As the browser sends a choice of several (status is a list key of the query string).
    const several = await call(adminToken, 'GET', '/api/companies?status[]=active,on_hold&product[]=hr,hs&search=fieldfare');
    expect(several.statusCode, several.body).toBe(200);
    expect(several.json<CompanyList>().count).toBeGreaterThanOrEqual(2);
  });
});

describe("a company's status", () => {
  it('on hold: the next sign-in and the next refresh are refused with §8’s words, nothing is deleted, the owner is e-mailed and it is audited', async () => {
    const { company, ownerEmail, ownerToken } = await companyWithOwner('C1');
    const employee = await addUser(t, { company: { companyId: company.id, roleId: null } });
    const countRows = async () =>
      (
        await ownerSql<{ n: number }>(
          t,
          sql`select (select count(*) from users where company_id = ${company.id}) + (select count(*) from roles where company_id = ${company.id}) as n`,
        )
      )[0]?.n;
    const before = await countRows();

    expect((await call(adminToken, 'PUT', `/api/companies/${company.id}`, { status: 'on_hold' })).statusCode).toBe(422);
    const held = await call(adminToken, 'PUT', `/api/companies/${company.id}`, { status: 'on_hold', reason: 'Invoice unpaid for 60 days' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<CompanyRow>()).toMatchObject({ status: 'on_hold', status_reason: 'Invoice unpaid for 60 days' });

    const signIn = await login(ownerEmail);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject({ status: 'company_inactive', message: loginMessages.companyInactive });
    expect(loginMessages.companyInactive).toContain('temporarily on hold');
    const refresh = await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(ownerToken) });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toMatchObject({ status: 'company_inactive', message: loginMessages.companyInactive });
    expect((await login(employee.email, 'fixture-password')).json()).toMatchObject({ status: 'company_inactive' });
    expect(await countRows()).toBe(before);

    const mails = await deliveredMail(t.deps.mail, sink, ownerEmail);
    const notice = mails.find((mail) => mail.subject.includes('on hold'));
    expect(notice?.text).toContain('Invoice unpaid for 60 days');
    expect(notice?.text).toContain('nothing has been deleted');
    const audited = await ownerSql<{ actor_id: string; details: Record<string, string> }>(
      t,
      sql`select actor_id, details from audit_log where action = 'company.status_changed' and target_id = ${company.id}`,
    );
    expect(audited).toEqual([{ actor_id: admin.id, details: { from: 'active', to: 'on_hold', reason: 'Invoice unpaid for 60 days' } }]);

    expect(
      (await call(adminToken, 'PUT', `/api/companies/${company.id}`, { status: 'disabled', reason: 'Contract ended' })).statusCode,
    ).toBe(200);
    expect((await login(ownerEmail)).json()).toMatchObject({ status: 'company_inactive' });
    expect((await call(adminToken, 'PUT', `/api/companies/${company.id}`, { status: 'active', reason: 'Paid in full' })).statusCode).toBe(
      200,
    );
    expect((await login(ownerEmail)).statusCode).toBe(200);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(ownerToken) });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it('keeps seats at or above those held', async () => {
    const { company } = await companyWithOwner('C2');
    const res = await call(adminToken, 'PUT', `/api/companies/${company.id}`, { seats: 0 });
    expect(res.statusCode).toBe(422);
    expect((await call(adminToken, 'PUT', `/api/companies/${company.id}`, { seats: 3, products: ['documents'] })).json()).toMatchObject({
      seats: 3,
      products: ['documents'],
    });
  });
});

describe("a person's own access", () => {
  it('on hold refuses that person’s sign-in and refresh with the account-on-hold words; disabled with the line-manager words', async () => {
    const { company, ownerToken } = await companyWithOwner('D1');
    const role =
      (await ownerSql<{ id: string }>(t, sql`select id from roles where company_id = ${company.id} and name = 'Employee'`))[0]?.id ?? null;
    const employee = await addUser(t, { company: { companyId: company.id, roleId: role } });
    const employeeToken = await signIn(t, employee);
    const put = (access: string) =>
      call(ownerToken, 'PUT', `/api/user-access/${employee.id}`, { access, reason: 'Suspended pending investigation' });
    // The profile's read carries the state its "Sign-in access" control shows.
    const profileAccess = async () => (await call(ownerToken, 'GET', `/api/users/${employee.id}`)).json<{ access: string }>().access;
    expect(await profileAccess()).toBe('active');
    expect((await put('on_hold')).statusCode).toBe(200);
    expect(await profileAccess()).toBe('on_hold');
    expect((await login(employee.email, 'fixture-password')).json()).toMatchObject({
      status: 'account_on_hold',
      message: loginMessages.accountOnHold,
    });
    const refresh = await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: bearer(employeeToken) });
    expect(refresh.json()).toMatchObject({ status: 'account_on_hold' });
    expect((await put('disabled')).statusCode).toBe(200);
    expect(await profileAccess()).toBe('disabled');
    expect((await login(employee.email, 'fixture-password')).json()).toMatchObject({
      status: 'access_disabled',
      message: loginMessages.accessDisabled,
    });
    expect((await put('active')).statusCode).toBe(200);
    expect((await login(employee.email, 'fixture-password')).statusCode).toBe(200);
    // Another company's owner cannot reach this person.
    const other = await companyWithOwner('D2');
    expect((await call(other.ownerToken, 'PUT', `/api/user-access/${employee.id}`, { access: 'on_hold', reason: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('the seat limit', () => {
  it('refuses one more person than the seats bought, with a clear message', async () => {
    const { company, ownerToken } = await companyWithOwner('E1');
    await call(adminToken, 'PUT', `/api/companies/${company.id}`, { seats: 2 });
    const add = (n: number) =>
      call(ownerToken, 'POST', '/api/user-basic', {
        first_name: `Person${n}`,
        surname: 'Seat',
        email: `seat-${n}-${company.id.slice(0, 6)}@example.test`,
      });
    expect((await add(1)).statusCode).toBe(201);
    const refused = await add(2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'Your company has used all 2 of the seats it has bought. Order more seats in Settings › Orders before adding anyone else.',
    );
    const people = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from users where company_id = ${company.id}`);
    expect(people[0]?.n).toBe(2);
  });
});

describe('sorting', () => {
  it('answers every sort, last active with the never-used first or last', async () => {
    for (const sort of ['name', '-name', 'created_at', '-created_at', 'last_active', '-last_active', 'seats_used', '-seats_used']) {
      const res = await call(adminToken, 'GET', `/api/companies?sort=${sort}&limit=5`);
      expect(res.statusCode, `${sort} ${res.body}`).toBe(200);
    }
  });
});
