// Personal details, contact details and about me: who reads and changes whose, the
// special-category fields only for the person, HR admins and owners (audited on read), no way
// into another company, and the validators on the way in.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AboutMe, ContactDetails, PersonalDetails } from '../../../src/modules/employees/personal-records.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let companyId: string;
let owner: Person;
let hr: Person;
let manager: Person;
let otherManager: Person;
let subject: Person;
let colleague: Person;
let ownerB: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  const company = await addShellCompany(t);
  companyId = company.companyId!;
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  hr = await addPerson(t, company, { role: 'HR admin', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  otherManager = await addPerson(t, company, { role: 'Manager', department: 'Office' });
  subject = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  colleague = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  ownerB = await addPerson(t, await addShellCompany(t), { role: 'Owner', department: 'Office' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
});
afterAll(async () => t.close());

const send = (who: Person, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const personal = (id: string) => `/api/user-personal-details/${id}`;

const SPECIAL = ['ethnicity', 'ni_number', 'health_notes', 'bank_account_name', 'bank_sort_code', 'bank_account_number'];

const auditCount = (actorId: string, action: string) =>
  ownerSql<{ n: number }>(
    t,
    sql`select count(*)::int as n from audit_log where actor_id = ${actorId} and target_id = ${subject.id} and action = ${action}`,
  ).then((rows) => rows[0]?.n ?? 0);

describe('personal details', () => {
  it('read as nulls before anything is written, with special_category saying whether the gated fields are there', async () => {
    const res = await send(hr, 'GET', personal(subject.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PersonalDetails>()).toEqual({
      user_id: subject.id,
      date_of_birth: null,
      gender: null,
      nationality: null,
      special_category: true,
      ...Object.fromEntries(SPECIAL.map((field) => [field, null])),
    });
  });

  it('are written by HR, special-category fields included, normalised, as an upsert of the fields given', async () => {
    const res = await send(hr, 'PUT', personal(subject.id), {
      date_of_birth: '1990-04-12',
      gender: 'Female',
      ethnicity: 'White British',
      ni_number: 'ab 12 34 56 c',
      bank_sort_code: '12 34 56',
      bank_account_number: '12345678',
      health_notes: 'Asthma',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PersonalDetails>()).toMatchObject({
      date_of_birth: '1990-04-12',
      gender: 'Female',
      nationality: null,
      ni_number: 'AB123456C',
      bank_sort_code: '12-34-56',
      special_category: true,
    });
    const again = await send(owner, 'PUT', personal(subject.id), { nationality: 'British', gender: '' });
    expect(again.json<PersonalDetails>()).toMatchObject({ nationality: 'British', gender: null, ni_number: 'AB123456C' });
  });

  it('are read and edited by the person, special-category fields included', async () => {
    const own = await send(subject, 'GET', personal(subject.id));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<PersonalDetails>()).toMatchObject({ special_category: true, ni_number: 'AB123456C', ethnicity: 'White British' });
    const res = await send(subject, 'PUT', personal(subject.id), { gender: 'Female', bank_account_name: 'A Tester' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PersonalDetails>()).toMatchObject({ gender: 'Female', bank_account_name: 'A Tester' });
  });

  it('show special-category fields to the person, HR admin and owner, each read audited', async () => {
    for (const who of [hr, owner, subject]) {
      const before = await auditCount(who.id, 'user_personal_details.read');
      const res = await send(who, 'GET', personal(subject.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<PersonalDetails>()).toMatchObject({ special_category: true, ethnicity: 'White British', health_notes: 'Asthma' });
      expect(await auditCount(who.id, 'user_personal_details.read')).toBe(before + 1);
    }
    // An administrator reads them only signed in as someone of the company under an approved grant.
    expect((await send(admin, 'GET', personal(subject.id))).statusCode).toBe(403);
    expect(await auditCount(admin.id, 'user_personal_details.read')).toBe(0);
  });

  it('leave the special-category keys out for the manager of the person’s department, unaudited', async () => {
    const res = await send(manager, 'GET', personal(subject.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ special_category: false, nationality: 'British', date_of_birth: '1990-04-12' });
    for (const field of SPECIAL) expect(body).not.toHaveProperty(field);
    expect(res.body).not.toContain('AB123456C');
    expect(await auditCount(manager.id, 'user_personal_details.read')).toBe(0);
  });

  it('let the manager change ordinary fields but refuse (403) a change touching special category', async () => {
    expect((await send(manager, 'PUT', personal(subject.id), { gender: 'Woman' })).statusCode).toBe(200);
    const refused = await send(manager, 'PUT', personal(subject.id), { gender: 'X', ni_number: 'AB123456C' });
    expect(refused.statusCode).toBe(403);
    const read = await send(hr, 'GET', personal(subject.id));
    expect(read.json<PersonalDetails>()).toMatchObject({ gender: 'Woman', ni_number: 'AB123456C' });
  });

  it('are closed (403) to a manager of another department and to a colleague', async () => {
    for (const who of [otherManager, colleague]) {
      expect((await send(who, 'GET', personal(subject.id))).statusCode).toBe(403);
      expect((await send(who, 'PUT', personal(subject.id), { gender: 'X' })).statusCode).toBe(403);
    }
  });

  it('do not exist (404) for another company’s owner, nor for unknown or malformed ids', async () => {
    expect((await send(ownerB, 'GET', personal(subject.id))).statusCode).toBe(404);
    expect((await send(ownerB, 'PUT', personal(subject.id), { gender: 'X' })).statusCode).toBe(404);
    expect((await send(owner, 'GET', personal(crypto.randomUUID()))).statusCode).toBe(404);
    expect((await send(owner, 'GET', personal('not-a-uuid'))).statusCode).toBe(404);
  });

  // QQ123456C, HMRC's specimen, has a first letter HMRC never issues: src/shared/validators.ts refuses it.
  it('check NI numbers: valid ones pass, invalid prefixes, suffixes and lengths do not', async () => {
    const message = 'This is not a valid national insurance number.';
    for (const ni of ['DA123456C', 'BG123456A', 'QQ123456C', 'AB123456E', 'AB12345C']) {
      const res = await send(owner, 'PUT', personal(subject.id), { ni_number: ni });
      expect(res.statusCode, ni).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({ ni_number: [message] });
    }
    for (const ni of ['JG103759A', 'ce 12 34 56 d'])
      expect((await send(owner, 'PUT', personal(subject.id), { ni_number: ni })).statusCode).toBe(200);
    const validate = await send(manager, 'POST', '/api/user-personal-details/validate', { ni_number: 'DA123456C', date_of_birth: null });
    expect(validate.json()).toEqual({ errors: { ni_number: [message] } });
  });

  it('check dates of birth, sort codes and account numbers', async () => {
    const res = await send(owner, 'PUT', personal(subject.id), {
      date_of_birth: '2990-01-01',
      bank_sort_code: '12-34-5',
      bank_account_number: '1234',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      date_of_birth: ['The date of birth cannot be in the future.'],
      bank_sort_code: ['This is not a valid sort code.'],
      bank_account_number: ['This is not a valid account number.'],
    });
    expect((await send(owner, 'PUT', personal(subject.id), { date_of_birth: '1990-02-30' })).json().errors).toEqual({
      date_of_birth: ['This is not a valid date.'],
    });
  });

  it('publish an invalidation without personal data on every write', async () => {
    await send(hr, 'PUT', personal(subject.id), { gender: 'Female' });
    const [event] = await ownerSql<{ channel: string; invalidates: string[]; payload: unknown }>(
      t,
      sql`select channel, invalidates, payload from realtime_events where event = 'user-personal-details' order by id desc limit 1`,
    );
    expect(event).toEqual({ channel: `company-${companyId}`, invalidates: ['user-personal-details'], payload: null });
    const [audit] = await ownerSql<{ details: unknown }>(
      t,
      sql`select details from audit_log where action = 'user_personal_details.updated' and actor_id = ${hr.id} order by id desc limit 1`,
    );
    expect(audit?.details).toEqual({ fields: ['gender'] });
  });
});

describe('contact details', () => {
  const contact = (id: string) => `/api/user-contact-details/${id}`;

  it('are edited by the person and read by their manager, not by a colleague', async () => {
    const res = await send(subject, 'PUT', contact(subject.id), {
      address_line1: '1 High Street',
      town: 'Leeds',
      postcode: 'ls1 4ap',
      mobile_phone: '+44 7700 900123',
      work_extension: '204',
      personal_email: ' ann@example.test ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ContactDetails>()).toMatchObject({ postcode: 'LS1 4AP', personal_email: 'ann@example.test', county: null });
    expect((await send(manager, 'GET', contact(subject.id))).json<ContactDetails>().town).toBe('Leeds');
    expect((await send(colleague, 'GET', contact(subject.id))).statusCode).toBe(403);
    expect((await send(colleague, 'PUT', contact(subject.id), { town: 'York' })).statusCode).toBe(403);
    expect((await send(ownerB, 'GET', contact(subject.id))).statusCode).toBe(404);
  });

  it('refuse a bad postcode, phone, extension and e-mail with SPEC’s messages', async () => {
    const res = await send(subject, 'PUT', contact(subject.id), {
      postcode: 'QQ1 1AA',
      home_phone: '0113 abc',
      work_extension: '12a',
      personal_email: 'ann@@example',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      postcode: ['This is not a valid postcode.'],
      home_phone: ['This is not a valid phone number.'],
      work_extension: ['This is not a valid extension.'],
      personal_email: ['Invalid email format'],
    });
    for (const postcode of ['SW1A 1AA', 'M1 1AE', 'GIR 0AA', 'ec1a1bb']) {
      expect((await send(subject, 'POST', '/api/user-contact-details/validate', { postcode })).json(), postcode).toEqual({ errors: {} });
    }
  });
});

describe('about me', () => {
  const about = (id: string) => `/api/user-about-me/${id}`;

  it('reads empty text at first and is written by the person within its limits', async () => {
    expect((await send(colleague, 'GET', about(colleague.id))).json<AboutMe>()).toEqual({
      user_id: colleague.id,
      about: '',
      interests: '',
    });
    const res = await send(colleague, 'PUT', about(colleague.id), { about: 'I run the stores.', interests: 'Cycling' });
    expect(res.json<AboutMe>()).toMatchObject({ about: 'I run the stores.', interests: 'Cycling' });
    const tooLong = await send(colleague, 'PUT', about(colleague.id), { interests: 'x'.repeat(501) });
    expect(tooLong.json().errors).toEqual({ interests: ['Max length exceeded.'] });
    expect((await send(subject, 'PUT', about(colleague.id), { about: 'Hacked' })).statusCode).toBe(403);
    expect((await send(manager, 'GET', about(colleague.id))).statusCode).toBe(200);
  });
});
