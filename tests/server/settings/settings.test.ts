// Company settings and user settings: defaults before any change, who may read and change
// what (scopes against the subject user), and no way across companies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanySettings, UserSettings } from '../../../src/shared/settings.contract';
import { addAdministrators, addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let companyId: string;
let otherCompanyId: string;
let owner: Person;
let manager: Person;
let opsEmployee: Person;
let officeEmployee: Person;
let otherEmployee: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  const company = await addShellCompany(t);
  const other = await addShellCompany(t);
  companyId = company.companyId!;
  otherCompanyId = other.companyId!;
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  opsEmployee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  officeEmployee = await addPerson(t, company, { role: 'Employee', department: 'Office' });
  otherEmployee = await addPerson(t, other, { role: 'Employee', department: 'Operations' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
});
afterAll(async () => t.close());

const send = (who: Person | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });

describe('company settings', () => {
  it('read as the defaults before anyone changes them, for every user of the company', async () => {
    for (const who of [owner, manager, opsEmployee]) {
      const res = await send(who, 'GET', `/api/company-settings/${companyId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CompanySettings>()).toEqual({
        company_id: companyId,
        name: expect.stringMatching(/^Company /),
        number: null,
        sector_name: null,
        logo: null,
        return_to_work_enabled: false,
        rota_enabled: false,
        overtime_enabled: false,
      });
    }
  });

  it('are changed by the owner, field by field', async () => {
    const res = await send(owner, 'PUT', `/api/company-settings/${companyId}`, { overtime_enabled: true, rota_enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CompanySettings>()).toMatchObject({ overtime_enabled: true, rota_enabled: true, return_to_work_enabled: false });
    await send(owner, 'PUT', `/api/company-settings/${companyId}`, { rota_enabled: false });
    const read = await send(opsEmployee, 'GET', `/api/company-settings/${companyId}`);
    expect(read.json<CompanySettings>()).toMatchObject({ overtime_enabled: true, rota_enabled: false });
  });

  it('cannot be changed by an employee or a manager (403)', async () => {
    for (const who of [opsEmployee, manager]) {
      expect((await send(who, 'PUT', `/api/company-settings/${companyId}`, { rota_enabled: true })).statusCode).toBe(403);
    }
    expect((await send(owner, 'GET', `/api/company-settings/${companyId}`)).json<CompanySettings>().rota_enabled).toBe(false);
  });

  it('of another company are neither readable nor changeable', async () => {
    expect((await send(owner, 'GET', `/api/company-settings/${otherCompanyId}`)).statusCode).toBe(403);
    expect((await send(owner, 'PUT', `/api/company-settings/${otherCompanyId}`, { rota_enabled: true })).statusCode).toBe(403);
    expect((await send(otherEmployee, 'GET', `/api/company-settings/${otherCompanyId}`)).json<CompanySettings>().rota_enabled).toBe(false);
  });

  it('are out of an administrator’s reach: a company’s settings need an impersonated session', async () => {
    expect((await send(admin, 'GET', `/api/company-settings/${otherCompanyId}`)).statusCode).toBe(403);
    const res = await send(admin, 'PUT', `/api/company-settings/${otherCompanyId}`, { return_to_work_enabled: true });
    expect(res.statusCode).toBe(403);
    expect(
      (await send(otherEmployee, 'GET', `/api/company-settings/${otherCompanyId}`)).json<CompanySettings>().return_to_work_enabled,
    ).toBe(false);
    expect((await send(admin, 'GET', `/api/user-settings/${otherEmployee.id}`)).statusCode).toBe(403);
  });
});

describe('user settings', () => {
  it('read as the defaults, by user_id query or path', async () => {
    const defaults = { user_id: opsEmployee.id, email_notifications: true, allow_payable_overtime: false, allow_toil_overtime: false };
    expect((await send(opsEmployee, 'GET', `/api/user-settings?user_id=${opsEmployee.id}`)).json<UserSettings>()).toEqual(defaults);
    expect((await send(opsEmployee, 'GET', `/api/user-settings/${opsEmployee.id}`)).json<UserSettings>()).toEqual(defaults);
  });

  it('let a user change their own e-mail preference but never grant themselves overtime', async () => {
    const own = await send(opsEmployee, 'PUT', `/api/user-settings/${opsEmployee.id}`, { email_notifications: false });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<UserSettings>().email_notifications).toBe(false);
    for (const who of [opsEmployee, manager, owner]) {
      const res = await send(who, 'PUT', `/api/user-settings/${who.id}`, { allow_payable_overtime: true });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('You cannot change your own overtime allowances.');
    }
    expect((await send(opsEmployee, 'GET', `/api/user-settings/${opsEmployee.id}`)).json<UserSettings>().allow_payable_overtime).toBe(
      false,
    );
  });

  it('let a manager set the allowances of their department’s user but not another department’s', async () => {
    const allowed = await send(manager, 'PUT', `/api/user-settings/${opsEmployee.id}`, {
      allow_payable_overtime: true,
      allow_toil_overtime: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<UserSettings>()).toMatchObject({
      allow_payable_overtime: true,
      allow_toil_overtime: true,
      email_notifications: false,
    });
    expect((await send(manager, 'PUT', `/api/user-settings/${officeEmployee.id}`, { allow_toil_overtime: true })).statusCode).toBe(403);
    expect((await send(manager, 'GET', `/api/user-settings/${officeEmployee.id}`)).statusCode).toBe(403);
    expect((await send(opsEmployee, 'GET', `/api/user-settings/${opsEmployee.id}`)).json<UserSettings>().allow_toil_overtime).toBe(true);
  });

  it('let the owner set anyone’s allowances in the company, and no one else’s', async () => {
    expect((await send(owner, 'PUT', `/api/user-settings/${officeEmployee.id}`, { allow_toil_overtime: true })).statusCode).toBe(200);
    expect((await send(owner, 'PUT', `/api/user-settings/${otherEmployee.id}`, { allow_toil_overtime: true })).statusCode).toBe(404);
    expect((await send(owner, 'GET', `/api/user-settings/${otherEmployee.id}`)).statusCode).toBe(404);
  });

  it('of a colleague are closed to an employee', async () => {
    expect((await send(officeEmployee, 'GET', `/api/user-settings/${opsEmployee.id}`)).statusCode).toBe(403);
    expect((await send(officeEmployee, 'PUT', `/api/user-settings/${opsEmployee.id}`, { email_notifications: true })).statusCode).toBe(403);
    expect((await send(officeEmployee, 'PUT', `/api/user-settings/${opsEmployee.id}`, { allow_payable_overtime: false })).statusCode).toBe(
      403,
    );
  });
});

describe('refusals', () => {
  it('answers 401 without a session and never 5xx for garbage', async () => {
    expect((await send(null, 'GET', `/api/company-settings/${companyId}`)).statusCode).toBe(401);
    expect((await send(null, 'GET', `/api/user-settings/${opsEmployee.id}`)).statusCode).toBe(401);
    expect((await send(null, 'PUT', `/api/user-settings/${opsEmployee.id}`, { email_notifications: true })).statusCode).toBe(401);
    const urls = [
      `/api/company-settings/not-a-uuid`,
      `/api/user-settings/not-a-uuid`,
      `/api/user-settings?user_id=nope`,
      `/api/user-settings`,
      `/api/user-settings?user_id[]=${opsEmployee.id}`,
    ];
    for (const url of urls) {
      for (const who of [owner, admin]) {
        const res = await send(who, 'GET', url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    }
    const bodies: unknown[] = [null, 'text', { rota_enabled: 'yes' }, { overtime_enabled: 1 }, { email_notifications: null }];
    for (const payload of bodies) {
      for (const url of [`/api/company-settings/${companyId}`, `/api/user-settings/${opsEmployee.id}`]) {
        const res = await t.app.inject({
          method: 'PUT',
          url,
          headers: { ...owner.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      }
    }
    const wrongType = await send(owner, 'PUT', `/api/company-settings/${companyId}`, { rota_enabled: 'yes' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json<{ errors: Record<string, string[]> }>().errors).toEqual({ rota_enabled: ['Field is required.'] });
    expect((await send(owner, 'PUT', `/api/user-settings/${opsEmployee.id}`, { email_notifications: null })).statusCode).toBe(422);
  });
});
