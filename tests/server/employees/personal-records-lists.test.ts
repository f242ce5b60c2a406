// Next of kin, notes and custom fields: paged lists, writes checked against the
// person each record belongs to, the notes list kept to the caller's scope, only a note's
// author or company scope changing it, and custom values checked against their field's type.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NextOfKin, UserCustomFields, UserNote } from '../../../src/modules/employees/personal-records.contract';
import type { ListResponse } from '../../../src/shared/list';
import { ownerSql } from '../../support/identity-fixtures';
import { addAdministrators, addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let companyId: string;
let officeId: string;
let owner: Person;
let hr: Person;
let manager: Person;
let otherManager: Person;
let subject: Person;
let colleague: Person;
let officeWorker: Person;
let ownerB: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  const company = await addShellCompany(t);
  companyId = company.companyId!;
  officeId = company.departments.Office!;
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  hr = await addPerson(t, company, { role: 'HR admin', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  otherManager = await addPerson(t, company, { role: 'Manager', department: 'Office' });
  subject = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  colleague = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  officeWorker = await addPerson(t, company, { role: 'Employee', department: 'Office' });
  ownerB = await addPerson(t, await addShellCompany(t), { role: 'Owner', department: 'Office' });
  admin = await addPerson(t, await addAdministrators(t), { role: 'Administrator' });
});
afterAll(async () => t.close());

const send = (who: Person, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('next of kin', () => {
  const list = (who: Person, userId: string, query = '') => send(who, 'GET', `/api/user-next-of-kin?user_id=${userId}${query}`);

  it('is added by the person, paged, and read by their manager and HR but not a colleague or another company', async () => {
    for (const name of ['Alex Tester', 'Sam Tester', 'Jo Tester']) {
      const res = await send(subject, 'POST', '/api/user-next-of-kin', {
        user_id: subject.id,
        name,
        relationship: 'Sibling',
        phone: '07700 900456',
        email: 'kin@example.test',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = await list(manager, subject.id, '&limit=2&page=1');
    expect(first.json<ListResponse<NextOfKin>>()).toMatchObject({ count: 3, next_offset: 2 });
    expect(first.json<ListResponse<NextOfKin>>().results.map((k) => k.name)).toEqual(['Alex Tester', 'Sam Tester']);
    const second = await list(hr, subject.id, '&limit=2&page=2');
    expect(second.json<ListResponse<NextOfKin>>().results.map((k) => k.name)).toEqual(['Jo Tester']);
    expect((await list(colleague, subject.id)).statusCode).toBe(403);
    expect((await list(otherManager, subject.id)).statusCode).toBe(403);
    expect((await list(ownerB, subject.id)).statusCode).toBe(404);
    expect((await send(subject, 'GET', '/api/user-next-of-kin')).statusCode).toBe(422);
  });

  it('is changed and deleted by the person, never by a colleague or another company', async () => {
    const [kin] = (await list(subject, subject.id)).json<ListResponse<NextOfKin>>().results;
    const path = `/api/user-next-of-kin/${kin!.id}`;
    const change = { name: 'Alex Tester', relationship: 'Partner', phone: '+44 7700 900999' };
    expect((await send(colleague, 'PUT', path, change)).statusCode).toBe(403);
    expect((await send(ownerB, 'PUT', path, change)).statusCode).toBe(404);
    expect((await send(ownerB, 'DELETE', path)).statusCode).toBe(404);
    const res = await send(subject, 'PUT', path, change);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NextOfKin>()).toMatchObject({ relationship: 'Partner', email: null });
    expect((await send(colleague, 'DELETE', path)).statusCode).toBe(403);
    expect((await send(subject, 'DELETE', path)).statusCode).toBe(204);
    expect((await send(subject, 'DELETE', path)).statusCode).toBe(404);
    expect((await list(subject, subject.id)).json<ListResponse<NextOfKin>>().count).toBe(2);
  });

  it('refuses a missing name and a bad e-mail, and cannot be added for a colleague', async () => {
    const res = await send(subject, 'POST', '/api/user-next-of-kin', {
      user_id: subject.id,
      name: ' ',
      relationship: 'Friend',
      email: 'a b@example.test',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['Field is required.'], email: ['Invalid characters in email'] });
    const other = await send(subject, 'POST', '/api/user-next-of-kin', { user_id: colleague.id, name: 'X', relationship: 'Friend' });
    expect(other.statusCode).toBe(403);
  });
});

describe('notes', () => {
  let managerNote: UserNote;

  beforeAll(async () => {
    const add = async (who: Person, userId: string, type: string, body: string) => {
      const res = await send(who, 'POST', '/api/user-notes', { user_id: userId, type, body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<UserNote>();
    };
    await add(owner, officeWorker.id, 'general', 'Office note');
    managerNote = await add(manager, subject.id, 'performance', 'Strong quarter');
    await add(hr, subject.id, 'absence', 'Back from leave');
  });

  it('records the author and lists newest first within the caller’s scope', async () => {
    expect(managerNote).toMatchObject({ user_id: subject.id, author_id: manager.id, author_name: 'Manager Tester', type: 'performance' });
    const ownerList = (await send(owner, 'GET', '/api/user-notes')).json<ListResponse<UserNote>>();
    expect(ownerList.results.map((n) => n.body)).toEqual(['Back from leave', 'Strong quarter', 'Office note']);
    const managerList = (await send(manager, 'GET', '/api/user-notes')).json<ListResponse<UserNote>>();
    expect(managerList.results.map((n) => n.body)).toEqual(['Back from leave', 'Strong quarter']);
    expect(managerList.count).toBe(2);
  });

  it('filters by user, department, type and company', async () => {
    const bodies = async (who: Person, query: string) =>
      (await send(who, 'GET', `/api/user-notes?${query}`)).json<ListResponse<UserNote>>().results.map((n) => n.body);
    expect(await bodies(owner, `type=absence`)).toEqual(['Back from leave']);
    expect(await bodies(owner, `department_id=${officeId}`)).toEqual(['Office note']);
    expect(await bodies(owner, `user_id=${subject.id}&type=performance`)).toEqual(['Strong quarter']);
    expect(await bodies(manager, `user_id=${officeWorker.id}`)).toEqual([]);
    expect(await bodies(ownerB, `company_id=${companyId}`)).toEqual([]);
    expect((await send(admin, 'GET', `/api/user-notes?company_id=${companyId}&type=general`)).statusCode).toBe(403);
    expect((await send(owner, 'GET', '/api/user-notes?type=gossip')).statusCode).toBe(422);
  });

  it('are closed to employees and to managers outside the person’s department', async () => {
    expect((await send(subject, 'GET', '/api/user-notes')).statusCode).toBe(403);
    expect((await send(colleague, 'POST', '/api/user-notes', { user_id: subject.id, type: 'general', body: 'x' })).statusCode).toBe(403);
    expect((await send(otherManager, 'POST', '/api/user-notes', { user_id: subject.id, type: 'general', body: 'x' })).statusCode).toBe(403);
    expect((await send(otherManager, 'GET', `/api/user-notes/${managerNote.id}`)).statusCode).toBe(403);
    expect((await send(ownerB, 'GET', `/api/user-notes/${managerNote.id}`)).statusCode).toBe(404);
  });

  it('are changed only by their author or company scope', async () => {
    const hrNote = (await send(owner, 'GET', '/api/user-notes?type=absence')).json<ListResponse<UserNote>>().results[0]!;
    const refused = await send(manager, 'PUT', `/api/user-notes/${hrNote.id}`, { type: 'absence', body: 'Edited' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the author of a note or someone over the whole company may change it.');
    expect((await send(manager, 'DELETE', `/api/user-notes/${hrNote.id}`)).statusCode).toBe(403);
    const own = await send(manager, 'PUT', `/api/user-notes/${managerNote.id}`, {
      type: 'training',
      body: 'Strong quarter, course booked',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<UserNote>()).toMatchObject({ type: 'training', author_id: manager.id });
    expect((await send(owner, 'PUT', `/api/user-notes/${hrNote.id}`, { type: 'other', body: 'Owner edit' })).statusCode).toBe(200);
    expect((await send(ownerB, 'DELETE', `/api/user-notes/${hrNote.id}`)).statusCode).toBe(404);
    expect((await send(owner, 'DELETE', `/api/user-notes/${hrNote.id}`)).statusCode).toBe(204);
    const long = await send(owner, 'POST', '/api/user-notes', { user_id: subject.id, type: 'general', body: 'x'.repeat(5001) });
    expect(long.json().errors).toEqual({ body: ['Max length exceeded.'] });
  });
});

describe('custom fields', () => {
  const fields: Record<string, string> = {};

  beforeAll(async () => {
    const add = async (label: string, type: string, position: number, options: string[] = [], required = false) => {
      const [row] = await ownerSql<{ id: string }>(
        t,
        sql`insert into custom_form_fields (company_id, label, field_type, options, required, position)
            values (${companyId}, ${label}, ${type}, ${options}::text[], ${required}, ${position}) returning id`,
      );
      fields[label] = row!.id;
    };
    await add('Shoe size', 'number', 2);
    await add('T-shirt', 'select', 1, ['S', 'M', 'L'], true);
    await add('First aider', 'checkbox', 3);
    await add('Induction', 'date', 4);
  });

  const path = (id: string) => `/api/user-custom-fields/${id}`;

  it('lists the company’s fields in order with the person’s values', async () => {
    const res = await send(subject, 'GET', path(subject.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UserCustomFields>();
    expect(body.fields.map((f) => [f.label, f.value])).toEqual([
      ['T-shirt', null],
      ['Shoe size', null],
      ['First aider', null],
      ['Induction', null],
    ]);
    expect(body.fields[0]).toMatchObject({ field_type: 'select', options: ['S', 'M', 'L'], required: true });
    expect((await send(ownerB, 'GET', path(subject.id))).statusCode).toBe(404);
    expect((await send(colleague, 'GET', path(subject.id))).statusCode).toBe(403);
  });

  it('checks every value against its field with errors keyed values.<field id>', async () => {
    const unknown = crypto.randomUUID();
    const res = await send(manager, 'PUT', path(subject.id), {
      values: { [fields['Shoe size']!]: 'big', [fields['First aider']!]: 'yes', [fields.Induction!]: '2026-13-01', [unknown]: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      [`values.${fields['Shoe size']}`]: ['This is not a valid number.'],
      [`values.${fields['First aider']}`]: ['Choose true or false.'],
      [`values.${fields.Induction}`]: ['This is not a valid date.'],
      [`values.${fields['T-shirt']}`]: ['Field is required.'],
      [`values.${unknown}`]: ['This field no longer exists.'],
    });
    const option = await send(manager, 'PUT', path(subject.id), { values: { [fields['T-shirt']!]: 'XXL' } });
    expect(option.json().errors).toEqual({ [`values.${fields['T-shirt']}`]: ['Please choose one of the options.'] });
  });

  it('saves values by the manager of the department, not by the person (read only) or another department', async () => {
    const values = {
      [fields['T-shirt']!]: 'M',
      [fields['Shoe size']!]: 9.5,
      [fields['First aider']!]: true,
      [fields.Induction!]: '2026-01-05',
    };
    expect((await send(subject, 'PUT', path(subject.id), { values })).statusCode).toBe(403);
    expect((await send(otherManager, 'PUT', path(subject.id), { values })).statusCode).toBe(403);
    const res = await send(manager, 'PUT', path(subject.id), { values });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UserCustomFields>().fields.map((f) => f.value)).toEqual(['M', '9.5', 'true', '2026-01-05']);
    const cleared = await send(owner, 'PUT', path(subject.id), { values: { [fields['Shoe size']!]: null } });
    expect(cleared.json<UserCustomFields>().fields.map((f) => f.value)).toEqual(['M', null, 'true', '2026-01-05']);
  });

  it('answer an empty list when the company has none', async () => {
    const res = await send(ownerB, 'GET', path(ownerB.id));
    expect(res.json<UserCustomFields>()).toEqual({ user_id: ownerB.id, fields: [] });
  });
});
