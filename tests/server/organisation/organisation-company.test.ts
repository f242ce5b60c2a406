// Company details on company settings (name, number, sector, logo) and the iCal token reset
// of user settings.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IcalTokenReset } from '../../../src/modules/organisation/organisation.contract';
import type { CompanySettings } from '../../../src/shared/settings.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { multipartBody, pdfDocument, pngImage } from '../../support/upload-fixtures';

let t: TestApp;
let dataDir: string;
let companyId: string;
let otherCompanyId: string;
let owner: Person;
let hrAdmin: Person;
let employee: Person;
let otherOwner: Person;
let admin: Person;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-logo-'));
  t = await createTestApp({ realAuth: true, env: { DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000' } });
  const company = await addShellCompany(t);
  const other = await addShellCompany(t);
  companyId = company.companyId ?? '';
  otherCompanyId = other.companyId ?? '';
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  hrAdmin = await addPerson(t, company, { role: 'HR admin', department: 'Office' });
  employee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  otherOwner = await addPerson(t, other, { role: 'Owner', department: 'Office' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const send = (who: Person, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const settings = async (who: Person) => (await send(who, 'GET', `/api/company-settings/${companyId}`)).json<CompanySettings>();
function upload(who: Person, id: string, data: Buffer, filename = 'logo.png') {
  const { payload, headers } = multipartBody([{ name: 'file', filename, data, contentType: 'image/png' }]);
  return t.app.inject({ method: 'POST', url: `/api/company-logo/${id}`, payload, headers: { ...headers, ...who.headers } });
}

describe('company details', () => {
  it('are changed by the owner beside the module switches and read by every user of the company', async () => {
    const res = await send(owner, 'PUT', `/api/company-settings/${companyId}`, {
      name: ' Acme Bakery Ltd ',
      number: '01234567',
      sector_name: 'Food',
      rota_enabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await settings(employee)).toMatchObject({
      name: 'Acme Bakery Ltd',
      number: '01234567',
      sector_name: 'Food',
      rota_enabled: true,
      logo: null,
    });
    await send(owner, 'PUT', `/api/company-settings/${companyId}`, { number: '' });
    expect(await settings(employee)).toMatchObject({ name: 'Acme Bakery Ltd', number: null, sector_name: 'Food' });
  });

  it('refuse an empty name, and writes by an HR admin or an employee', async () => {
    const empty = await send(owner, 'PUT', `/api/company-settings/${companyId}`, { name: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ errors: object }>().errors).toEqual({ name: ['Field is required.'] });
    for (const who of [hrAdmin, employee])
      expect((await send(who, 'PUT', `/api/company-settings/${companyId}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await settings(owner)).name).toBe('Acme Bakery Ltd');
  });
});

describe('the company logo', () => {
  it('is uploaded by the owner, shown to the company with the token, replaced and removed', async () => {
    const first = pngImage(16, 16);
    const res = await upload(owner, companyId, first);
    expect(res.statusCode, res.body).toBe(201);
    const logo = (await settings(employee)).logo;
    expect(logo).toMatchObject({ name: 'logo.png' });
    const bytes = await send(employee, 'GET', `/api/company-logo/${companyId}`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(first)).toBe(true);
    expect((await upload(owner, companyId, pngImage(8, 8), 'new.png')).statusCode).toBe(201);
    const [files] = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from files where company_id = ${companyId}`);
    expect(files?.n).toBe(1);
    expect((await send(owner, 'DELETE', `/api/company-logo/${companyId}`)).statusCode).toBe(204);
    expect((await settings(employee)).logo).toBeNull();
    expect((await send(employee, 'GET', `/api/company-logo/${companyId}`)).statusCode).toBe(404);
  });

  it('accepts only images up to 2 MB, and only from those who change company settings', async () => {
    expect((await upload(owner, companyId, pdfDocument(), 'logo.pdf')).statusCode).toBe(415);
    expect((await upload(owner, companyId, pngImage(900, 900))).statusCode).toBe(413);
    expect((await upload(hrAdmin, companyId, pngImage(8, 8))).statusCode).toBe(403);
    expect((await upload(otherOwner, companyId, pngImage(8, 8))).statusCode).toBe(403);
    expect((await send(otherOwner, 'GET', `/api/company-logo/${companyId}`)).statusCode).toBe(403);
    expect((await upload(admin, otherCompanyId, pngImage(8, 8))).statusCode).toBe(403);
    expect((await send(admin, 'GET', `/api/company-logo/${companyId}`)).statusCode).toBe(403);
    expect((await settings(owner)).logo).toBeNull();
  });
});

describe('the iCal token reset', () => {
  it('gives any signed-in user a new private token of their own, each time a different one', async () => {
    const first = await send(employee, 'POST', '/api/user-icalendar-token-reset');
    expect(first.statusCode, first.body).toBe(200);
    const { token } = first.json<IcalTokenReset>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const second = (await send(employee, 'POST', '/api/user-icalendar-token-reset')).json<IcalTokenReset>().token;
    expect(second).not.toBe(token);
    const [row] = await ownerSql<{ icalendar_token: string }>(t, sql`select icalendar_token from users where id = ${employee.id}`);
    expect(row?.icalendar_token).toBe(second);
    const [ownerRow] = await ownerSql<{ icalendar_token: string | null }>(t, sql`select icalendar_token from users where id = ${owner.id}`);
    expect(ownerRow?.icalendar_token).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/api/user-icalendar-token-reset' })).statusCode).toBe(401);
  });
});
