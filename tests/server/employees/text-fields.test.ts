// Text a person types ends up in iCalendar feeds, e-mail headers and exports: single-line
// fields refuse control characters (line breaks and tabs included) with a field message and
// store nothing; multi-line fields (notes, comments) keep their line breaks.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserNote } from '../../../src/modules/employees/personal-records.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addEmployee } from '../../support/people-fixtures';
import { addPerson, addShellCompany, type Person, type ShellCompany } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let company: ShellCompany;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  company = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
});
afterAll(async () => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: owner.headers, payload });
const namesOf = async (id: string) =>
  (
    await ownerSql<{ first_name: string; middle_names: string | null; surname: string }>(
      t,
      sql`select first_name, middle_names, surname from users where id = ${id}`,
    )
  )[0];

describe('single-line text', () => {
  it('refuses a name with a line break in it (422 with a field message) and stores nothing', async () => {
    const person = await addEmployee(t, company, { firstName: 'Xavier', surname: 'Plain' });
    const res = await send('PUT', `/api/user-basic/${person.id}`, {
      first_name: 'X\r\nATTENDEE;CN=Eve;ROLE=CHAIR:mailto:eve@example.test',
      surname: 'Plainer',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ first_name: ['Please remove special characters such as line breaks.'] });
    expect(await namesOf(person.id)).toEqual({ first_name: 'Xavier', middle_names: null, surname: 'Plain' });
  });

  it('refuses tabs, escapes, DEL and C1 characters in a name, and takes the same name without them', async () => {
    const person = await addEmployee(t, company, { firstName: 'Tess', surname: 'Tab' });
    for (const middle of ['A\tB', 'A\u001b[31mB', 'A\u007fB', 'A\u0085B', 'A\u2028B']) {
      const res = await send('PUT', `/api/user-basic/${person.id}`, { middle_names: middle });
      expect(res.statusCode, JSON.stringify(middle)).toBe(422);
      expect(res.json().errors).toEqual({ middle_names: ['Please remove special characters such as line breaks.'] });
    }
    const res = await send('PUT', `/api/user-basic/${person.id}`, { middle_names: ' Anne-Marie O’Brien ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await namesOf(person.id)).toMatchObject({ middle_names: 'Anne-Marie O’Brien' });
  });

  it('refuses a line break in a new person’s name too', async () => {
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const res = await send('POST', '/api/user-basic', { first_name: 'New', surname: 'Line\nBreak', email });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ surname: ['Please remove special characters such as line breaks.'] });
    const rows = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from users where email = ${email}`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('multi-line text', () => {
  it('keeps the line breaks and tabs of a note, and refuses other control characters', async () => {
    const person = await addEmployee(t, company, { firstName: 'Nora', surname: 'Noted' });
    const body = 'First line\r\nSecond line\n\tIndented third';
    const res = await send('POST', '/api/user-notes', { user_id: person.id, type: 'general', body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<UserNote>().body).toBe(body);
    const stored = await ownerSql<{ body: string }>(t, sql`select body from user_notes where id = ${res.json<UserNote>().id}`);
    expect(stored[0]?.body).toBe(body);

    const bell = await send('POST', '/api/user-notes', { user_id: person.id, type: 'general', body: 'Ring\u0007ring' });
    expect(bell.statusCode).toBe(422);
    expect(bell.json().errors).toEqual({ body: ['Please remove special characters.'] });
  });
});
