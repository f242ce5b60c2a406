// Subject access exports on the demo company: the owner asks for Ella's export, the job builds
// it, the zip holds a readable summary, JSON with a part from every module that holds data
// about her and the original files; the request and the download are audited; another
// company's owner can neither ask for it nor see it, and nothing of another company is in it;
// an employee exports only their own, and only when the company allows it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreDemoReceipts } from '../../../src/modules/expenses/server/demo-receipts';
import type { PersonalDataExport } from '../../../src/modules/privacy/privacy.contract';
import { buildPendingExports } from '../../../src/modules/privacy/server/export-build';
import { withSystem } from '../../../src/server/db/database';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import { serverModules } from '../../../src/app/server/modules';
import { notify } from '../../../src/server/notifications/notify';
import { addCompanyWithRoles, addUser, bearer, inCompany, signIn } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let ownerB: { authorization: string };
let companyB: string;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
  await restoreDemoReceipts(t.database.db, t.app.fileStorage);
  const b = await addCompanyWithRoles(t, { departments: ['Operations'] });
  companyB = b.companyId;
  const owner = await addUser(t, { company: inCompany(b, 'Owner') });
  const worker = await addUser(t, { company: inCompany(b, 'Employee') });
  await withSystem(t.database.db, (trx) => notify(trx, { companyId: b.companyId, userId: worker.id, description: 'Company B only' }));
  ownerB = bearer(await signIn(t, owner));
});
afterAll(async () => t.close());

async function as(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  return bearer(res.json<{ auth_token: string }>().auth_token);
}

async function userId(email: string): Promise<string> {
  const rows = await sql<{ id: string }>`select id from users where email = ${email}`.execute(t.database.ownerDb);
  return rows.rows[0]!.id;
}

function unzip(zip: Buffer): { names: string[]; read: (name: string) => Buffer } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'export-')), 'export.zip');
  writeFileSync(file, zip);
  execFileSync('unzip', ['-tq', file]);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
  return { names, read: (name) => execFileSync('unzip', ['-p', file, name.replace(/[[\]*?]/g, '\\$&')], { maxBuffer: 64 * 1024 * 1024 }) };
}

const build = () => buildPendingExports({ db: t.database.db, storage: t.app.fileStorage, modules: serverModules });

describe('a subject access export', () => {
  let exportId: string;
  let ella: string;

  it('is asked for by the owner, built by the job, and holds every module’s part', async () => {
    const owner = await as('owner@demo.test');
    ella = await userId('employee@demo.test');
    const asked = await t.app.inject({ method: 'POST', url: '/api/personal-data-exports', headers: owner, payload: { userId: ella } });
    expect(asked.statusCode).toBe(201);
    const created = asked.json<PersonalDataExport>();
    expect(created).toMatchObject({ status: 'queued', personName: 'Ella Evans' });
    exportId = created.id;

    const notYet = await t.app.inject({ method: 'GET', url: `/api/personal-data-exports/${exportId}/download`, headers: owner });
    expect(notYet.statusCode).toBe(409);

    expect(await build()).toBe(1);
    const done = (
      await t.app.inject({ method: 'GET', url: `/api/personal-data-exports/${exportId}`, headers: owner })
    ).json<PersonalDataExport>();
    expect(done.status).toBe('ready');
    expect(done.progress).toBe(done.total);
    expect(new Date(done.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const download = await t.app.inject({ method: 'GET', url: `/api/personal-data-exports/${exportId}/download`, headers: owner });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = unzip(download.rawPayload);
    expect(zip.names).toContain('summary.html');
    expect(zip.names).toContain('data.json');
    const data = JSON.parse(zip.read('data.json').toString('utf8')) as {
      person: { name: string };
      sections: { module: string; table: string; rows: Record<string, unknown>[] }[];
      files: { name: string }[];
    };
    expect(data.person.name).toBe('Ella Evans');
    const modules = new Set(data.sections.map((section) => section.module));
    for (const module of ['auth', 'employees', 'leave', 'expenses', 'notifications', 'privacy']) expect(modules).toContain(module);
    const tables = new Set(data.sections.map((section) => section.table));
    for (const table of ['users', 'user_absences', 'expense_claims', 'expense_items', 'audit_log']) expect(tables).toContain(table);
    // Every row is Ella's company's; no secret goes out.
    const rows = data.sections.flatMap((section) => section.rows);
    expect(rows.filter((row) => 'company_id' in row && row.company_id !== rows[0]!.company_id)).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(companyB);
    expect(JSON.stringify(data)).not.toContain('password_hash');
    // The receipts' originals are in the zip, as their bytes.
    const receipts = data.files.filter((file) => file.name.startsWith('files/expenses/'));
    expect(receipts.length).toBeGreaterThan(0);
    expect(zip.read(receipts[0]!.name).length).toBeGreaterThan(100);
    const summary = zip.read('summary.html').toString('utf8');
    expect(summary).toContain('Personal data held about Ella Evans');
    expect(summary).toContain('Expense claims');
  });

  it('leaves an audit entry for the request and for each download', async () => {
    const rows = await sql<{ action: string }>`
      select action from audit_log where target_id = ${ella} and action like 'personal-data-export.%' order by id`.execute(
      t.database.ownerDb,
    );
    expect(rows.rows.map((row) => row.action)).toEqual([
      'personal-data-export.requested',
      'personal-data-export.built',
      'personal-data-export.downloaded',
    ]);
  });

  it('is out of reach of another company', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/personal-data-exports/${exportId}`, headers: ownerB })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/personal-data-exports/${exportId}/download`, headers: ownerB })).statusCode,
    ).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/personal-data-exports', headers: ownerB })).json<PersonalDataExport[]>();
    expect(list).toEqual([]);
    const asked = await t.app.inject({ method: 'POST', url: '/api/personal-data-exports', headers: ownerB, payload: { userId: ella } });
    expect(asked.statusCode).toBe(404);
  });

  it('cannot be downloaded once its link has expired', async () => {
    await sql`update personal_data_exports set expires_at = now() - interval '1 minute' where id = ${exportId}`.execute(t.database.ownerDb);
    const owner = await as('owner@demo.test');
    const download = await t.app.inject({ method: 'GET', url: `/api/personal-data-exports/${exportId}/download`, headers: owner });
    expect(download.statusCode).toBe(409);
    expect(download.json<{ message: string }>().message).toMatch(/expired/);
  });

  it('is the employee’s own only, and only when the company allows it', async () => {
    const employee = await as('employee@demo.test');
    const marcus = await userId('manager@demo.test');
    const other = await t.app.inject({ method: 'POST', url: '/api/personal-data-exports', headers: employee, payload: { userId: marcus } });
    expect(other.statusCode).toBe(403);
    // The demo allows it; switched off, her own is refused too.
    const owner = await as('owner@demo.test');
    const settings = (await t.app.inject({ method: 'GET', url: '/api/data-protection/settings', headers: owner })).json<{
      selfExportAllowed: boolean;
    }>();
    expect(settings.selfExportAllowed).toBe(true);
    const own = await t.app.inject({ method: 'POST', url: '/api/personal-data-exports', headers: employee, payload: { userId: ella } });
    expect(own.statusCode).toBe(201);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/data-protection/settings',
      headers: owner,
      payload: { selfExportAllowed: false, retention: {} },
    });
    expect(put.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/personal-data-exports', headers: employee, payload: { userId: ella } });
    expect(refused.statusCode).toBe(403);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/personal-data-exports', headers: employee })).json<PersonalDataExport[]>();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((item) => item.userId === ella)).toBe(true);
  });
});
