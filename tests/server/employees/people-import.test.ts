// Importing people (Settings → Import people) through the API: upload, mapping remembered,
// preview with every row's errors in the forms' words, all or nothing, re-import updating by
// work e-mail, missing departments, locations and job titles created only when chosen, line
// managers from the same file, leave taken as an "Imported" balance line the balance counts as
// taken (adjusted, not doubled, by a re-import), invitations, and who may do it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsencePeriod } from '../../../src/modules/leave/leave-balances.contract';
import type { ImportPreview, ImportStreamLine, ParsedSpreadsheet } from '../../../src/modules/employees/people-import.contract';
import { addCompanyWithRoles, addUser, bearer, inCompany, ownerSql, signIn } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany } from '../../support/leave-fixtures';
import { peopleCsv, peopleRecords, peopleXlsx } from '../../support/people-import-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { multipartBody } from '../../support/upload-fixtures';

let t: TestApp;
let company: LeaveCompany;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addLeaveCompany(t);
  owner = await company.token('owner');
});
afterAll(async () => t.close());

async function parse(token: string, data: Buffer, filename = 'people.csv') {
  const { payload, headers } = multipartBody([{ name: 'file', filename, data }]);
  return t.app.inject({ method: 'POST', url: '/api/people-import/parse', payload, headers: { ...headers, ...bearer(token) } });
}
async function parsed(token: string, data: Buffer, filename?: string): Promise<ParsedSpreadsheet> {
  const res = await parse(token, data, filename);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ParsedSpreadsheet>();
}
const bodyOf = (sheet: ParsedSpreadsheet, extra: Record<string, unknown> = {}) => ({
  headers: sheet.headers,
  rows: sheet.rows,
  mapping: sheet.mapping,
  ...extra,
});
const preview = (token: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/people-import/preview', payload: body as object, headers: bearer(token) });
async function run(token: string, body: unknown) {
  const res = await t.app.inject({ method: 'POST', url: '/api/people-import', payload: body as object, headers: bearer(token) });
  const lines =
    res.statusCode === 200
      ? res.body
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as ImportStreamLine)
      : [];
  return { res, lines, last: lines[lines.length - 1] };
}
const countPeople = async (companyId: string) =>
  Number((await ownerSql<{ n: string }>(t, sql`select count(*) as n from users where company_id = ${companyId}`))[0]?.n);
const userByEmail = async (email: string) =>
  (
    await ownerSql<{ id: string; first_name: string; surname: string; department_id: string | null; status: string }>(
      t,
      sql`select id, first_name, surname, department_id, status from users where lower(email) = ${email}`,
    )
  )[0];

describe('upload and mapping', () => {
  it('reads a CSV and an XLSX, guesses the BrightHR columns, and remembers the mapping the company chose', async () => {
    const sheet = await parsed(owner, Buffer.from(peopleCsv({ rows: 3, domain: 'map.test' })));
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.remembered).toBe(false);
    expect(sheet.mapping.slice(0, 3)).toEqual(['first_name', 'surname', 'email']);
    const xlsx = await parsed(owner, await peopleXlsx({ rows: 3, domain: 'map.test' }), 'people.xlsx');
    expect(xlsx.rows[0]?.slice(0, 3)).toEqual(sheet.rows[0]?.slice(0, 3));

    // The person leaves the personal e-mail and the address out.
    const mapping = [...sheet.mapping];
    mapping[3] = null;
    mapping[15] = null;
    const res = await preview(owner, bodyOf(sheet, { mapping }));
    expect(res.statusCode, res.body).toBe(200);
    const again = await parsed(owner, Buffer.from(peopleCsv({ rows: 3, domain: 'map.test' })));
    expect(again.remembered).toBe(true);
    expect(again.mapping[3]).toBeNull();
    expect(again.mapping[15]).toBeNull();
    expect(again.mapping[0]).toBe('first_name');
    // Back to the guessed columns for the tests below.
    expect((await preview(owner, bodyOf(sheet))).statusCode).toBe(200);
    expect((await parsed(owner, Buffer.from(peopleCsv({ rows: 3, domain: 'map.test' })))).mapping[15]).toBe('address');
  });

  it('refuses no file, an empty file and a mapping without the name and e-mail columns with a 422', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/people-import/parse', payload: {}, headers: bearer(owner) });
    expect(none.statusCode).toBe(422);
    expect((await parse(owner, Buffer.from('First name,Surname\n'))).statusCode).toBe(422);
    const sheet = await parsed(owner, Buffer.from(peopleCsv({ rows: 2, domain: 'bad.test' })));
    const res = await preview(owner, bodyOf(sheet, { mapping: sheet.mapping.map((field) => (field === 'email' ? null : field)) }));
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.mapping).toEqual([
      'Choose the columns holding the first name, surname and work e-mail.',
    ]);
    const twice = await preview(
      owner,
      bodyOf(sheet, { mapping: sheet.mapping.map((field) => (field === 'phone' ? 'first_name' : field)) }),
    );
    expect(twice.json<{ errors: Record<string, string[]> }>().errors.mapping).toEqual(['Each field can be chosen for one column only.']);
  });

  it('the template downloads as CSV and XLSX', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/people-import/template?format=csv', headers: bearer(owner) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('people-import-template.csv');
    expect(csv.body).toContain('First name,Surname,Work e-mail');
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/people-import/template?format=xlsx', headers: bearer(owner) });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('preview and import', () => {
  it('previews 30 rows with two bad ones in the forms words, imports nothing while they remain, then imports the fixed file', async () => {
    const domain = 'thirty.test';
    const before = await countPeople(company.companyId);
    const bad = await parsed(owner, Buffer.from(peopleCsv({ rows: 30, bad: 2, domain })));
    const res = await preview(owner, bodyOf(bad, { create_all: true }));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ImportPreview>();
    expect(result.counts).toEqual({ new: 28, updated: 0, errors: 2, skipped: 0 });
    const errors = result.rows.filter((row) => row.action === 'error');
    expect(errors.map((row) => row.line)).toEqual([12, 22]);
    expect(errors[0]?.errors).toEqual({ email: ['Invalid characters in email'] });
    expect(errors[1]?.errors).toEqual({ surname: ['Field is required.'] });
    expect(result.missing).toEqual({
      departments: expect.arrayContaining(['Kitchen', 'Front of house']),
      locations: expect.arrayContaining(['Head office', 'Leeds branch']),
      job_titles: expect.arrayContaining(['Chef', 'Waiter', 'Shift supervisor', 'Kitchen porter']),
    });
    expect(result.missing.departments).not.toContain('Operations');

    const refused = await run(owner, bodyOf(bad, { create_all: true }));
    expect(refused.res.statusCode).toBe(422);
    expect(refused.res.json<{ errors: { rows: string[] } }>().errors.rows).toEqual([
      'Line 12: Invalid characters in email',
      'Line 22: Field is required.',
    ]);
    expect(await countPeople(company.companyId)).toBe(before);

    const fixed = await parsed(owner, Buffer.from(peopleCsv({ rows: 30, bad: 0, domain })));
    const done = await run(owner, bodyOf(fixed, { create_all: true }));
    expect(done.res.statusCode, done.res.body).toBe(200);
    expect(done.res.headers['content-type']).toContain('application/x-ndjson');
    expect(done.lines[0]).toEqual({ type: 'progress', done: 0, total: 30 });
    expect(done.lines.some((line) => line.type === 'progress' && line.done === 30)).toBe(true);
    expect(done.last).toMatchObject({ type: 'result', result: { created: 30, updated: 0, invited: 0 } });
    expect(await countPeople(company.companyId)).toBe(before + 30);

    // Departments created, people placed, line managers from the same file, records written.
    const tom = await userByEmail(`tom.baker2@${domain}`);
    const priya = await userByEmail(`priya.shah1@${domain}`);
    const aisha = await userByEmail(`aisha.khan3@${domain}`);
    const [kitchen] = await ownerSql<{ id: string }>(
      t,
      sql`select id from departments where company_id = ${company.companyId} and name = 'Front of house'`,
    );
    expect(tom?.department_id).toBe(kitchen?.id);
    const managers = await ownerSql<{ user_id: string; manager_id: string }>(
      t,
      sql`select user_id, manager_id from user_line_managers where user_id in (${tom?.id}, ${aisha?.id})`,
    );
    expect(managers).toEqual(
      expect.arrayContaining([
        { user_id: tom?.id, manager_id: priya?.id },
        { user_id: aisha?.id, manager_id: tom?.id },
      ]),
    );
    const [contact] = await ownerSql<{ postcode: string; address_line1: string; town: string }>(
      t,
      sql`select postcode, address_line1, town from user_contact_details where user_id = ${priya?.id}`,
    );
    expect(contact).toEqual({ postcode: 'LS1 2AB', address_line1: '1 High Street', town: 'Leeds' });
    const [personal] = await ownerSql<{ ni_number: string }>(
      t,
      sql`select ni_number from user_personal_details where user_id = ${priya?.id}`,
    );
    expect(personal?.ni_number).toBe('CE100001B');
    const [audit] = await ownerSql<{ n: string }>(
      t,
      sql`select count(*) as n from audit_log where company_id = ${company.companyId} and action = 'user.created' and details->>'source' = 'people_import'`,
    );
    expect(Number(audit?.n)).toBe(30);

    // Priya had taken 3 days: her balance says so, through one "Imported" line.
    const periods = await t.app.inject({
      method: 'GET',
      url: `/api/user-absence-period?user_id=${priya?.id}&current_only=1`,
      headers: bearer(owner),
    });
    const annual = periods.json<{ results: AbsencePeriod[] }>().results[0]?.values.find((value) => value.leave_type.key === 'annual_leave');
    expect(annual).toMatchObject({ taken: 3, entitlement: 28, adjusted: 0 });
    const logs = await ownerSql<{ kind: string; change: number; reason: string }>(
      t,
      sql`select kind, change::float8 as change, reason from user_absence_period_value_logs where value_id = ${annual?.id} and kind = 'imported'`,
    );
    expect(logs).toEqual([{ kind: 'imported', change: -3, reason: 'Imported' }]);

    // The same file again: updates, no duplicates, no second "Imported" line.
    const again = await run(owner, bodyOf(fixed));
    expect(again.last).toMatchObject({ type: 'result', result: { created: 0, updated: 30 } });
    expect(await countPeople(company.companyId)).toBe(before + 30);
    const logsAgain = await ownerSql<{ n: string }>(
      t,
      sql`select count(*) as n from user_absence_period_value_logs where value_id = ${annual?.id} and kind = 'imported'`,
    );
    expect(Number(logsAgain[0]?.n)).toBe(1);

    // A changed figure adjusts the line; the balance follows.
    const changed = bodyOf(fixed);
    changed.rows = fixed.rows.map((row, index) =>
      index === 0 ? row.map((cell, i) => (i === 12 ? '5' : i === 1 ? 'Shah-Patel' : cell)) : row,
    );
    const adjusted = await run(owner, changed);
    expect(adjusted.last).toMatchObject({ type: 'result', result: { updated: 30 } });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/user-absence-period?user_id=${priya?.id}&current_only=1`,
      headers: bearer(owner),
    });
    const value = after.json<{ results: AbsencePeriod[] }>().results[0]?.values.find((v) => v.leave_type.key === 'annual_leave');
    expect(value?.taken).toBe(5);
    expect((await userByEmail(`priya.shah1@${domain}`))?.surname).toBe('Shah-Patel');
  });

  it('a missing department, location or job title not chosen for creation is an error on its rows', async () => {
    const domain = 'missing.test';
    const sheet = await parsed(owner, Buffer.from(peopleCsv({ rows: 4, domain })));
    const rows = sheet.rows.map((row) =>
      row.map((cell, i) => (i === 7 ? 'Warehouse' : i === 8 ? 'Depot' : i === 6 ? 'Forklift driver' : cell)),
    );
    const res = await preview(owner, bodyOf(sheet, { rows, create: { departments: ['warehouse'], locations: [], job_titles: [] } }));
    const result = res.json<ImportPreview>();
    expect(result.missing).toEqual({ departments: ['Warehouse'], locations: ['Depot'], job_titles: ['Forklift driver'] });
    expect(result.rows[0]?.errors).toEqual({
      job_title: ['This job title does not exist yet: tick it to create it.'],
      location: ['This location does not exist yet: tick it to create it.'],
    });
    const ok = await preview(
      owner,
      bodyOf(sheet, { rows, create: { departments: ['Warehouse'], locations: ['Depot'], job_titles: ['FORKLIFT DRIVER'] } }),
    );
    expect(ok.json<ImportPreview>().counts).toMatchObject({ new: 4, errors: 0 });
    const done = await run(
      owner,
      bodyOf(sheet, { rows, create: { departments: ['Warehouse'], locations: ['Depot'], job_titles: ['Forklift driver'] } }),
    );
    expect(done.last).toMatchObject({
      type: 'result',
      result: { created: 4, created_items: { departments: ['Warehouse'], locations: ['Depot'], job_titles: ['Forklift driver'] } },
    });
    const [position] = await ownerSql<{ n: string }>(
      t,
      sql`select count(*) as n from user_job_titles j join company_positions p on p.id = j.position_id where p.name = 'Forklift driver'`,
    );
    expect(Number(position?.n)).toBe(4);
  });

  it('names duplicates in the file, addresses of other companies, unknown managers and terminated people', async () => {
    const other = await addCompanyWithRoles(t, { departments: [] });
    const stranger = await addUser(t, { company: inCompany(other, 'Employee'), email: 'stranger@elsewhere.test' });
    await ownerSql(t, sql`update users set status = 'terminated' where id = ${company.people.colleague.id}`);
    const headers = ['First name', 'Surname', 'Email', 'Manager email'];
    const rows = [
      ['A', 'One', 'dup@dups.test', ''],
      ['B', 'Two', 'DUP@dups.test', ''],
      ['C', 'Three', stranger.email, ''],
      ['D', 'Four', 'd@dups.test', 'nobody@dups.test'],
      ['E', 'Five', 'e@dups.test', 'e@dups.test'],
      ['Colin', 'Cole', company.people.colleague.email, ''],
      ['F', 'Six', 'f@dups.test', company.people.manager.email],
    ];
    const res = await preview(owner, { headers, rows, mapping: ['first_name', 'surname', 'email', 'line_manager_email'] });
    const result = res.json<ImportPreview>();
    expect(result.rows.map((row) => row.errors)).toEqual([
      { email: ['This e-mail address is on another row of this file.'] },
      { email: ['This e-mail address is on another row of this file.'] },
      { email: ['This e-mail address is already used by another account.'] },
      { line_manager_email: ['No one in the company or in this file has this e-mail address.'] },
      { line_manager_email: ['A person cannot be their own line manager.'] },
      { row: ['This person has left the company; their record is not changed by an import.'] },
      {},
    ]);
    expect(result.counts).toEqual({ new: 1, updated: 0, errors: 6, skipped: 0 });
    await ownerSql(t, sql`update users set status = 'active' where id = ${company.people.colleague.id}`);
  });

  it('all or nothing: a refusal while writing (the seat limit) rolls every row back', async () => {
    const small = await addLeaveCompany(t);
    const token = await small.token('owner');
    await ownerSql(t, sql`update companies set seats = 9 where id = ${small.companyId}`);
    const before = await countPeople(small.companyId);
    const sheet = await parsed(token, Buffer.from(peopleCsv({ rows: 5, domain: 'seats.test' })));
    const done = await run(token, bodyOf(sheet, { create_all: true }));
    expect(done.last).toMatchObject({ type: 'error', status: 422 });
    expect(await countPeople(small.companyId)).toBe(before);
    const [departments] = await ownerSql<{ n: string }>(
      t,
      sql`select count(*) as n from departments where company_id = ${small.companyId} and name = 'Kitchen'`,
    );
    expect(Number(departments?.n)).toBe(0);
  });

  it('invites everyone new when asked', async () => {
    const sheet = await parsed(owner, Buffer.from(peopleCsv({ rows: 3, domain: 'invite.test' })));
    const done = await run(owner, bodyOf(sheet, { create_all: true, invite: true }));
    expect(done.last).toMatchObject({ type: 'result', result: { created: 3, invited: 3 } });
    expect((await userByEmail('priya.shah1@invite.test'))?.status).toBe('invited');
    const [mail] = await ownerSql<{ n: string }>(t, sql`select count(*) as n from outbox_email where to_address like '%@invite.test'`);
    expect(Number(mail?.n)).toBe(3);
  });
});

describe('who may import', () => {
  it('owners and HR admins may; managers and employees may not; a company sees only its own people', async () => {
    const sheet = await parsed(owner, Buffer.from(peopleCsv({ rows: 2, domain: 'who.test' })));
    for (const person of ['manager', 'employee'] as const) {
      const token = await company.token(person);
      expect((await preview(token, bodyOf(sheet))).statusCode).toBe(403);
      expect((await run(token, bodyOf(sheet))).res.statusCode).toBe(403);
      expect((await parse(token, Buffer.from(peopleCsv({ rows: 2 })))).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/people-import/template', headers: bearer(token) })).statusCode).toBe(403);
    }
    expect((await preview(await company.token('hr'), bodyOf(sheet))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/people-import/preview', payload: bodyOf(sheet) })).statusCode).toBe(401);

    // Another company's owner importing a row with this company's employee's address: not an update of them.
    const other = await addCompanyWithRoles(t, { departments: [] });
    const otherOwner = await addUser(t, { company: inCompany(other, 'Owner') });
    const token = await signIn(t, otherOwner);
    const res = await preview(token, {
      headers: ['First name', 'Surname', 'Email', 'Manager email'],
      rows: [['Ella', 'Evans', company.people.employee.email, company.people.manager.email]],
      mapping: ['first_name', 'surname', 'email', 'line_manager_email'],
    });
    expect(res.json<ImportPreview>().rows[0]?.errors).toEqual({
      email: ['This e-mail address is already used by another account.'],
      line_manager_email: ['No one in the company or in this file has this e-mail address.'],
    });
    const done = await run(token, {
      headers: ['First name', 'Surname', 'Email'],
      rows: [['Ella', 'Evans', company.people.employee.email]],
      mapping: ['first_name', 'surname', 'email'],
    });
    expect(done.res.statusCode).toBe(422);
    expect((await userByEmail(company.people.employee.email.toLowerCase()))?.first_name).toBe('Ella');
    expect(peopleRecords({ rows: 1 })).toHaveLength(1);
  });
});
