// Retention on a fixed clock (24 November 2026): the preview counts exactly what the run then
// removes; rows inside their period stay; payroll lines count from the end of their tax year
// (5 April); a leaver past the period is anonymised — the account closed, identifying data
// gone — and still counts in the headcount report; a run leaves one audit entry.
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetentionPreview } from '../../../src/modules/privacy/privacy.contract';
import { retentionPreview, runRetention } from '../../../src/modules/privacy/server/retention.service';
import { newStorageKey } from '../../../src/server/files/storage';
import { serverModules } from '../../../src/app/server/modules';
import {
  addCompanyWithRoles,
  addUser,
  bearer,
  inCompany,
  signIn,
  type CompanyFixture,
  type UserFixture,
} from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

const NOW = new Date('2026-11-24T03:00:00Z');
const CONTRACT_KEY = newStorageKey();

let t: TestApp;
let company: CompanyFixture;
let owner: UserFixture;
let leaver: UserFixture;
let recentLeaver: UserFixture;
let current: UserFixture;
const run = (q: ReturnType<typeof sql>) => q.execute(t.database.ownerDb);

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addCompanyWithRoles(t, { departments: ['Operations'] });
  const member = (role: string) => addUser(t, { company: inCompany(company, role), departmentId: company.departments.Operations ?? null });
  owner = await member('Owner');
  leaver = await member('Employee');
  recentLeaver = await member('Employee');
  current = await member('Employee');
  const c = company.companyId;
  await run(sql`update users set status = 'terminated', termination_date = '2018-03-31', mobile = '07700900123' where id = ${leaver.id}`);
  await run(sql`update users set status = 'terminated', termination_date = '2024-01-31' where id = ${recentLeaver.id}`);
  for (const user of [leaver, recentLeaver, current]) {
    await run(
      sql`insert into user_employment_details (user_id, company_id, start_date, employee_number) values (${user.id}, ${c}, '2015-01-05', ${'E-' + user.id.slice(0, 4)})`,
    );
    await run(sql`insert into user_contact_details (user_id, company_id, town, postcode) values (${user.id}, ${c}, 'Leeds', 'LS1 4AP')`);
  }
  // The leaver's contract, a stored file: it goes with its row, bytes and all.
  const stored = await t.app.fileStorage.put({
    key: CONTRACT_KEY,
    source: Readable.from([Buffer.from('%PDF-1.4 contract')]),
    maxBytes: 1000,
  });
  const file = await run(sql`insert into files (company_id, storage_key, original_name, mime_type, size_bytes, sha256)
    values (${c}, ${CONTRACT_KEY}, 'contract.pdf', 'application/pdf', ${stored.sizeBytes}, ${stored.sha256}) returning id`);
  await run(
    sql`insert into user_contracts (company_id, user_id, start_date, file_id) values (${c}, ${leaver.id}, '2015-01-05', ${(file.rows[0] as { id: string }).id})`,
  );
  // Communications: two years from the record.
  await run(sql`insert into notifications (company_id, user_id, description, created_at) values
    (${c}, ${current.id}, 'old', '2024-11-01'), (${c}, ${current.id}, 'recent', '2025-01-01')`);
  // Payroll: three years after the end of the tax year. 5 April 2023 ends 2022/23 (gone 5 April 2026); 6 April 2023 is 2023/24 (kept to 2027).
  const period = await run(
    sql`insert into payroll_periods (company_id, start_date, end_date) values (${c}, '2023-04-01', '2023-04-30') returning id`,
  );
  const periodId = (period.rows[0] as { id: string }).id;
  await run(sql`insert into payroll_items (company_id, period_id, user_id, source, source_key, item_date, code, label) values
    (${c}, ${periodId}, ${current.id}, 'overtime', 'a', '2023-04-05', 'OT', 'Overtime'),
    (${c}, ${periodId}, ${current.id}, 'overtime', 'b', '2023-04-06', 'OT', 'Overtime')`);
});
afterAll(async () => t.close());

async function headcount(auth: { authorization: string }) {
  const res = await t.app.inject({ method: 'GET', url: '/api/absence-reports/headcount?from=2018-01-01&to=2018-12-31', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<{ totals: Record<string, unknown>; rows: Record<string, unknown>[] }>();
}

describe('retention', () => {
  it('previews, then removes exactly what is past its date', async () => {
    const auth = bearer(await signIn(t, owner));
    const before = await headcount(auth);
    expect(before.totals.leavers).toBe(1);

    const preview = await t.app.inject({ method: 'GET', url: '/api/data-protection/retention-preview', headers: auth });
    expect(preview.statusCode).toBe(200);
    const asOfNow = await retentionPreview(t.database.db, { modules: serverModules, companyId: company.companyId, now: NOW });

    const result = await runRetention(t.database.db, {
      modules: serverModules,
      companyId: company.companyId,
      now: NOW,
      storage: t.app.fileStorage,
    });
    expect(result.failed).toEqual({});
    expect(result.files).toBe(1);
    expect(Object.fromEntries(asOfNow.map((row) => [row.table, row.rows]))).toEqual(result.removed);
    expect(asOfNow.find((row) => row.table === 'users')?.action).toBe('anonymise');
    expect(await t.app.fileStorage.stat(CONTRACT_KEY)).toBeNull();
    expect((await run(sql`select count(*)::int as n from files where storage_key = ${CONTRACT_KEY}`)).rows[0]).toEqual({ n: 0 });
    expect(result.removed).toMatchObject({
      users: 1,
      user_contact_details: 1,
      user_employment_details: 1,
      notifications: 1,
      payroll_items: 1,
    });

    const notes = await run(sql`select description from notifications where user_id = ${current.id}`);
    expect(notes.rows).toEqual([{ description: 'recent' }]);
    const items = await run(sql`select to_char(item_date, 'YYYY-MM-DD') as d from payroll_items where user_id = ${current.id}`);
    expect(items.rows).toEqual([{ d: '2023-04-06' }]);
    const contacts = await run(sql`select user_id from user_contact_details where company_id = ${company.companyId} order by user_id`);
    expect(contacts.rows.map((row) => (row as { user_id: string }).user_id).sort()).toEqual([recentLeaver.id, current.id].sort());

    // The leaver: closed and anonymised, dates kept.
    const gone = await run(
      sql`select first_name, surname, email, mobile, password_hash, status, termination_date::text as left from users where id = ${leaver.id}`,
    );
    expect(gone.rows[0]).toEqual({
      first_name: 'Former',
      surname: 'employee',
      email: `former-${leaver.id}@anonymised.invalid`,
      mobile: null,
      password_hash: null,
      status: 'terminated',
      left: '2018-03-31',
    });
    const details = await run(
      sql`select employee_number, start_date::text as start from user_employment_details where user_id = ${leaver.id}`,
    );
    expect(details.rows[0]).toEqual({ employee_number: null, start: '2015-01-05' });
    const recent = await run(sql`select first_name from users where id = ${recentLeaver.id}`);
    expect(recent.rows[0]).not.toEqual({ first_name: 'Former' });

    // The headcount report counts the anonymised leaver as before.
    expect(await headcount(auth)).toEqual(before);
  });

  it('finds nothing more on a second run, and audits each run', async () => {
    const again = await runRetention(t.database.db, { modules: serverModules, companyId: company.companyId, now: NOW });
    expect(again.removed).toEqual({});
    const audits = await run(
      sql`select details from audit_log where company_id = ${company.companyId} and action = 'retention.run' order by id`,
    );
    expect(audits.rows).toHaveLength(2);
    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/data-protection/retention-preview',
      headers: bearer(await signIn(t, owner)),
    });
    expect(preview.json<RetentionPreview>().lastRun?.removed).toBe(0);
    expect((audits.rows[0] as { details: { removed: Record<string, number> } }).details.removed.notifications).toBe(1);
  });

  it('keeps longer when the company chooses, within the limits', async () => {
    const auth = bearer(await signIn(t, owner));
    const tooShort = await t.app.inject({
      method: 'PUT',
      url: '/api/data-protection/settings',
      headers: auth,
      payload: { selfExportAllowed: false, retention: { payroll: 12 } },
    });
    expect(tooShort.statusCode).toBe(422);
    const longer = await t.app.inject({
      method: 'PUT',
      url: '/api/data-protection/settings',
      headers: auth,
      payload: { selfExportAllowed: false, retention: { communications: 60 } },
    });
    expect(longer.statusCode).toBe(200);
    const row = longer.json<{ retention: { kind: string; months: number }[] }>().retention.find((r) => r.kind === 'communications');
    expect(row?.months).toBe(60);
    await run(
      sql`insert into notifications (company_id, user_id, description, created_at) values (${company.companyId}, ${current.id}, 'three years', '2023-10-01')`,
    );
    await runRetention(t.database.db, { modules: serverModules, companyId: company.companyId, now: NOW });
    const kept = await run(sql`select count(*)::int as n from notifications where user_id = ${current.id} and description = 'three years'`);
    expect(kept.rows[0]).toEqual({ n: 1 });
  });
});
