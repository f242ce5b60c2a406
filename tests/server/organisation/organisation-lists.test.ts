// The organisation's lists: owners and HR admins write them, each list declares who reads it
// (reference lists every company user, company notes and termination reasons their holders,
// terms everyone once published), another company's items do not exist for the caller, names are unique per company, the
// postcode validator holds, and an item in use cannot be deleted (409, nothing deleted).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../src/shared/list';
import type { CustomFormField, Location, NamedItem, TermsAndConditions } from '../../../src/modules/organisation/organisation.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let company: ShellCompany;
let owner: Person;
let hrAdmin: Person;
let manager: Person;
let employee: Person;
let docsOnly: Person;
let otherOwner: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  hrAdmin = await addPerson(t, company, { role: 'HR admin', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  employee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  docsOnly = await addPerson(t, company, { role: 'Docs only', department: 'Operations' });
  otherOwner = await addPerson(t, await addShellCompany(t), { role: 'Owner', department: 'Office' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (who: Person, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const list = async <T>(who: Person, resource: string, query = '') => {
  const res = await send(who, 'GET', `/api/${resource}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<T>>();
};
const create = async <T>(who: Person, resource: string, body: object) => {
  const res = await send(who, 'POST', `/api/${resource}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
};

describe('locations', () => {
  it('are written by owners and HR admins and read, sorted by name, by everyone in the company', async () => {
    const york = await create<Location>(owner, 'company-location', {
      name: 'York',
      postcode: 'yo1 7hh',
      bank_holiday_region: 'england-and-wales',
    });
    expect(york).toMatchObject({ name: 'York', postcode: 'YO1 7HH', address_line1: null });
    const leeds = await create<Location>(hrAdmin, 'company-location', { name: 'Leeds', town: 'Leeds', bank_holiday_region: 'scotland' });
    for (const who of [owner, manager, employee]) {
      const page = await list<Location>(who, 'company-location');
      expect(page.results.map((row) => row.name)).toEqual(['Leeds', 'York']);
      expect(page.count).toBe(2);
    }
    expect((await list<Location>(employee, 'company-location', '?search=yo')).results.map((row) => row.id)).toEqual([york.id]);
    const changed = await send(hrAdmin, 'PUT', `/api/company-location/${leeds.id}`, {
      name: 'Leeds Central',
      bank_holiday_region: 'northern-ireland',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Location>()).toMatchObject({ name: 'Leeds Central', bank_holiday_region: 'northern-ireland', town: null });
  });

  it('accept a valid UK postcode and refuse an invalid one with SPEC’s message', async () => {
    await create<Location>(owner, 'company-location', { name: 'Westminster', postcode: 'SW1A 1AA' });
    const bad = await send(owner, 'POST', '/api/company-location', { name: 'Nowhere', postcode: '12345' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({ postcode: ['This is not a valid postcode.'] });
    const validate = await send(owner, 'POST', '/api/company-location/validate', { name: 'Nowhere', postcode: '12345' });
    expect(validate.json<{ errors: Record<string, string[]> }>().errors).toEqual({ postcode: ['This is not a valid postcode.'] });
  });

  it('refuse managers and employees every write (403) and leave the list as it was', async () => {
    const [first] = (await list<Location>(owner, 'company-location')).results;
    for (const who of [manager, employee]) {
      expect((await send(who, 'POST', '/api/company-location', { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await send(who, 'PUT', `/api/company-location/${first?.id}`, { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await send(who, 'DELETE', `/api/company-location/${first?.id}`)).statusCode).toBe(403);
    }
    expect((await list<Location>(owner, 'company-location')).results.some((row) => row.name === 'Sneaky')).toBe(false);
  });

  it('of another company are never listed and are 404 to read, change or delete', async () => {
    const theirs = await create<Location>(otherOwner, 'company-location', { name: 'Theirs' });
    expect((await list<Location>(owner, 'company-location')).results.map((row) => row.id)).not.toContain(theirs.id);
    expect((await send(owner, 'GET', `/api/company-location/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(owner, 'PUT', `/api/company-location/${theirs.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await send(owner, 'DELETE', `/api/company-location/${theirs.id}`)).statusCode).toBe(404);
    expect((await list<Location>(otherOwner, 'company-location')).results.map((row) => row.name)).toEqual(['Theirs']);
  });

  it('are not reached by an administrator, whatever company they name', async () => {
    const companyId = company.companyId ?? '';
    const york = (await list<Location>(owner, 'company-location')).results.find((row) => row.name === 'York');
    expect((await send(admin, 'GET', '/api/company-location')).statusCode).toBe(403);
    expect((await send(admin, 'GET', `/api/company-location?company_id=${companyId}`)).statusCode).toBe(403);
    expect((await send(admin, 'GET', `/api/company-location/${york?.id}`)).statusCode).toBe(403);
    expect((await send(admin, 'POST', '/api/company-location', { name: 'Admin made', company_id: companyId })).statusCode).toBe(403);
    expect((await send(admin, 'DELETE', `/api/company-location/${york?.id}`)).statusCode).toBe(403);
    expect((await list<Location>(owner, 'company-location')).results.map((row) => row.name)).not.toContain('Admin made');
  });
});

describe('names', () => {
  it('are unique within a company, ignoring case, but free across companies', async () => {
    await create<NamedItem>(owner, 'company-position', { name: 'Chef' });
    for (const body of [{ name: 'Chef' }, { name: ' chef ' }]) {
      const res = await send(hrAdmin, 'POST', '/api/company-position', body);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({ name: ['This name is already used.'] });
    }
    const waiter = await create<NamedItem>(owner, 'company-position', { name: 'Waiter' });
    const rename = await send(owner, 'PUT', `/api/company-position/${waiter.id}`, { name: 'CHEF' });
    expect(rename.statusCode).toBe(422);
    // Saving an item under its own name is no clash.
    expect((await send(owner, 'PUT', `/api/company-position/${waiter.id}`, { name: 'Waiter' })).statusCode).toBe(200);
    const check = await send(owner, 'POST', '/api/company-position/validate', { id: waiter.id, name: 'waiter' });
    expect(check.json<{ errors: object }>().errors).toEqual({});
    expect((await send(owner, 'POST', '/api/company-position/validate', { name: 'waiter' })).json<{ errors: object }>().errors).toEqual({
      name: ['This name is already used.'],
    });
    await create<NamedItem>(otherOwner, 'company-position', { name: 'Chef' });
  });
});

describe('an item in use', () => {
  const userOf = (who: Person) => who.id;
  it('cannot be deleted (409 saying how many use it) and stays; once free it goes', async () => {
    const location = await create<Location>(owner, 'company-location', { name: 'Busy site' });
    await ownerSql(t, sql`update users set location_id = ${location.id} where id in (${userOf(manager)}, ${userOf(employee)})`);
    const refused = await send(owner, 'DELETE', `/api/company-location/${location.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('This location is used by 2 employees. Move them first.');
    expect((await send(owner, 'GET', `/api/company-location/${location.id}`)).statusCode).toBe(200);
    await ownerSql(t, sql`update users set location_id = null where location_id = ${location.id}`);
    expect((await send(owner, 'DELETE', `/api/company-location/${location.id}`)).statusCode).toBe(204);
    expect((await send(owner, 'GET', `/api/company-location/${location.id}`)).statusCode).toBe(404);
  });

  it('is found through every list’s own records', async () => {
    const companyId = company.companyId ?? '';
    const tag = await create<NamedItem>(owner, 'user-tags', { name: 'First aider', colour: 'red' });
    await ownerSql(t, sql`insert into user_user_tags (user_id, tag_id, company_id) values (${employee.id}, ${tag.id}, ${companyId})`);
    const tagRes = await send(owner, 'DELETE', `/api/user-tags/${tag.id}`);
    expect(tagRes.statusCode).toBe(409);
    expect(tagRes.json<{ message: string }>().message).toBe('This tag is used by 1 employee. Remove it from them first.');

    const contract = await create<NamedItem>(hrAdmin, 'contract-type', { name: 'Permanent' });
    await ownerSql(
      t,
      sql`insert into user_contracts (user_id, company_id, contract_type_id, start_date) values (${employee.id}, ${companyId}, ${contract.id}, '2024-01-01')`,
    );
    expect((await send(hrAdmin, 'DELETE', `/api/contract-type/${contract.id}`)).statusCode).toBe(409);

    const payType = await create<NamedItem>(owner, 'company-pay-rate-type', { name: 'Basic', unit: 'hour' });
    await ownerSql(
      t,
      sql`insert into user_pay_rates (user_id, company_id, pay_rate_type_id, amount, start_date) values (${manager.id}, ${companyId}, ${payType.id}, 12.5, '2024-01-01')`,
    );
    expect((await send(owner, 'DELETE', `/api/company-pay-rate-type/${payType.id}`)).statusCode).toBe(409);

    const field = await create<CustomFormField>(owner, 'custom-form-fields', { label: 'Shoe size', field_type: 'number' });
    await ownerSql(
      t,
      sql`insert into user_custom_field_values (user_id, field_id, company_id, value) values (${employee.id}, ${field.id}, ${companyId}, '9')`,
    );
    expect((await send(owner, 'DELETE', `/api/custom-form-fields/${field.id}`)).statusCode).toBe(409);

    const [counts] = await ownerSql<{ n: number }>(
      t,
      sql`select (select count(*) from user_tags where id = ${tag.id}) + (select count(*) from contract_types where id = ${contract.id})
               + (select count(*) from company_pay_rate_types where id = ${payType.id}) + (select count(*) from custom_form_fields where id = ${field.id}) as n`,
    );
    expect(Number(counts?.n)).toBe(4);
  });
});

describe('the other lists', () => {
  it('keep working-pattern hours to quarter hours between 0 and 24', async () => {
    const ok = await create<Record<string, unknown>>(owner, 'working-pattern-templates', {
      name: 'Weekdays',
      mon_hours: 7.5,
      fri_hours: 7.25,
    });
    expect(ok).toMatchObject({ mon_hours: 7.5, fri_hours: 7.25, sat_hours: 0 });
    const bad = await send(owner, 'POST', '/api/working-pattern-templates', { name: 'Odd', tue_hours: 7.1, wed_hours: 25 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['tue_hours', 'wed_hours']);
  });

  it('give a select custom field options and sort fields by position', async () => {
    const noOptions = await send(owner, 'POST', '/api/custom-form-fields', { label: 'Team', field_type: 'select', options: [] });
    expect(noOptions.statusCode).toBe(422);
    expect(noOptions.json<{ errors: Record<string, string[]> }>().errors.options).toEqual(['A select needs at least one option.']);
    await create(owner, 'custom-form-fields', { label: 'Team', field_type: 'select', options: ['Red', 'Blue'], position: 1 });
    await create(owner, 'custom-form-fields', {
      label: 'Allergies',
      field_type: 'textarea',
      options: ['ignored'],
      position: 0,
      required: true,
    });
    const fields = (await list<CustomFormField>(employee, 'custom-form-fields')).results;
    expect(fields.map((field) => [field.label, field.options])).toEqual([
      ['Allergies', []],
      ['Shoe size', []],
      ['Team', ['Red', 'Blue']],
    ]);
  });

  it('publish terms and conditions once and list them newest first', async () => {
    const draft = await create<TermsAndConditions>(hrAdmin, 'terms-and-conditions', { title: '2024 terms', body: 'Be kind.' });
    expect(draft.published_at).toBeNull();
    const published = await send(hrAdmin, 'PUT', `/api/terms-and-conditions/${draft.id}`, {
      title: '2024 terms',
      body: 'Be kind.',
      publish: true,
    });
    const firstDate = published.json<TermsAndConditions>().published_at;
    expect(firstDate).not.toBeNull();
    const again = await send(hrAdmin, 'PUT', `/api/terms-and-conditions/${draft.id}`, {
      title: '2024 terms',
      body: 'Be kinder.',
      publish: true,
    });
    expect(again.json<TermsAndConditions>()).toMatchObject({ body: 'Be kinder.', published_at: firstDate });
    const later = await create<TermsAndConditions>(hrAdmin, 'terms-and-conditions', { title: '2025 terms' });
    for (const editor of [owner, hrAdmin]) {
      expect((await list<TermsAndConditions>(editor, 'terms-and-conditions')).results.map((row) => row.title)).toEqual([
        '2025 terms',
        '2024 terms',
      ]);
      expect((await send(editor, 'GET', `/api/terms-and-conditions/${later.id}`)).statusCode).toBe(200);
    }
    // The draft is the editors' until it is published; everyone reads what is.
    for (const reader of [manager, employee, docsOnly]) {
      const page = await list<TermsAndConditions>(reader, 'terms-and-conditions');
      expect(page.results.map((row) => row.title)).toEqual(['2024 terms']);
      expect(page.count).toBe(1);
      expect((await send(reader, 'GET', `/api/terms-and-conditions/${later.id}`)).statusCode).toBe(404);
      expect((await send(reader, 'GET', `/api/terms-and-conditions/${draft.id}`)).statusCode).toBe(200);
    }
    expect((await list<TermsAndConditions>(employee, 'terms-and-conditions', '?search=2025')).count).toBe(0);
    expect((await send(owner, 'POST', '/api/terms-and-conditions', { title: 'Long', body: 'x'.repeat(20_001) })).statusCode).toBe(422);
  });

  it('keep company notes with their author, newest first, within 2,000 characters', async () => {
    await create(owner, 'company-notes', { body: 'Fire drill on Friday.' });
    await create(hrAdmin, 'company-notes', { body: 'Payroll moves to the 25th.' });
    for (const reader of [owner, hrAdmin]) {
      const notes = (await list<{ body: string; author: { id: string } | null }>(reader, 'company-notes')).results;
      expect(notes.map((note) => [note.body, note.author?.id])).toEqual([
        ['Payroll moves to the 25th.', hrAdmin.id],
        ['Fire drill on Friday.', owner.id],
      ]);
    }
    // The company's notes are for those who hold the company-notes permission company-wide.
    const [first] = (await list<{ id: string }>(owner, 'company-notes')).results;
    for (const outsider of [manager, employee, docsOnly, admin]) {
      expect((await send(outsider, 'GET', '/api/company-notes')).statusCode).toBe(403);
      expect((await send(outsider, 'GET', `/api/company-notes/${first?.id}`)).statusCode).toBe(403);
    }
    expect((await send(owner, 'POST', '/api/company-notes', { body: 'x'.repeat(2_001) })).statusCode).toBe(422);
    expect((await send(employee, 'POST', '/api/company-notes', { body: 'Hello' })).statusCode).toBe(403);
  });

  it('keep termination reasons to their holders, and the reference lists open to every user of the company', async () => {
    await create<NamedItem>(owner, 'termination-reason', { name: 'Retired' });
    for (const holder of [owner, hrAdmin]) expect((await list<NamedItem>(holder, 'termination-reason')).count).toBeGreaterThan(0);
    for (const outsider of [manager, employee, docsOnly])
      expect((await send(outsider, 'GET', '/api/termination-reason')).statusCode).toBe(403);
    const open = ['company-location', 'departments', 'company-position', 'contract-type', 'user-tags', 'working-pattern-templates'];
    for (const resource of open.concat(['company-pay-rate-type', 'custom-form-fields'])) {
      expect((await send(employee, 'GET', `/api/${resource}`)).statusCode, resource).toBe(200);
    }
  });

  it('audit every write and tell the company’s apps to refetch', async () => {
    const before = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from audit_log where action like 'termination-reason.%'`);
    const reason = await create<NamedItem>(owner, 'termination-reason', { name: 'Resigned' });
    await send(owner, 'DELETE', `/api/termination-reason/${reason.id}`);
    const after = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from audit_log where action like 'termination-reason.%'`);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(2);
    const events = await ownerSql<{ invalidates: string[] }>(
      t,
      sql`select invalidates from realtime_events where channel = ${`company-${company.companyId}`} order by id desc limit 1`,
    );
    expect(events[0]?.invalidates).toEqual(['termination-reason']);
  });
});
