// Right-to-work checks: the share-code rule, who checked, the reminder job (owners and HR
// admins told once per permit, again after the dates change), and fuzzed bodies on every
// records-B write that never produce a 5xx.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isShareCode, normaliseShareCode, type WorkPermitRecord } from '../../../src/modules/employees/employment-records.contract';
import { permitReminderText, sendWorkPermitReminders } from '../../../src/modules/employees/server/work-permit-reminders';
import { addDays, londonDate } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import { addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let owner: Person;
let hrAdmin: Person;
let manager: Person;
let employee: Person;
let otherOwner: Person;

const send = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const today = londonDate(new Date());

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const company = await addShellCompany(t);
  const other = await addShellCompany(t);
  owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  hrAdmin = await addPerson(t, company, { role: 'HR admin', department: 'Office' });
  manager = await addPerson(t, company, { role: 'Manager', department: 'Operations' });
  employee = await addPerson(t, company, { role: 'Employee', department: 'Operations', firstName: 'Ella' });
  otherOwner = await addPerson(t, other, { role: 'Owner', department: 'Office' });
});
afterAll(async () => t.close());

const permit = (extra: object = {}) => ({
  user_id: employee.id,
  document_type: 'passport',
  document_number: '123456789',
  date_checked: today,
  ...extra,
});

describe('share codes', () => {
  it('are nine letters or digits, spaces ignored, stored as "W12 345 678"', () => {
    expect(isShareCode('W12 345 678')).toBe(true);
    expect(isShareCode('w12345678')).toBe(true);
    expect(isShareCode('W12 345 67')).toBe(false);
    expect(isShareCode('W12-345-678')).toBe(false);
    expect(normaliseShareCode(' w1 2345 678 ')).toBe('W12 345 678');
  });

  it('are checked by the API with SPEC’s wording and needed for a share-code check', async () => {
    const bad = await send(owner, 'POST', '/api/user-work-permit', permit({ document_type: 'share_code', share_code: 'W12 345' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: object }>().errors).toEqual({ share_code: ['This is not a valid share code.'] });
    const missing = await send(owner, 'POST', '/api/user-work-permit', permit({ document_type: 'share_code' }));
    expect(missing.json<{ errors: object }>().errors).toEqual({ share_code: ['Field is required.'] });
    const validate = await send(owner, 'POST', '/api/user-work-permit/validate', permit({ share_code: 'nope' }));
    expect(validate.json()).toEqual({ errors: { share_code: ['This is not a valid share code.'] } });
    const good = await send(owner, 'POST', '/api/user-work-permit', permit({ document_type: 'share_code', share_code: 'w12345678' }));
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json<WorkPermitRecord>()).toMatchObject({
      share_code: 'W12 345 678',
      checked_by_id: owner.id,
      checked_by_name: 'Owner Tester',
    });
  });

  it('refuse a check dated in the future, and a checker who is not an active colleague', async () => {
    const res = await send(
      owner,
      'POST',
      '/api/user-work-permit',
      permit({ date_checked: addDays(today, 1), checked_by_id: otherOwner.id }),
    );
    expect(res.json<{ errors: object }>().errors).toEqual({ date_checked: ['The check cannot be dated in the future.'] });
    const foreign = await send(owner, 'POST', '/api/user-work-permit', permit({ checked_by_id: otherOwner.id }));
    expect(foreign.json<{ errors: object }>().errors).toEqual({ checked_by_id: ['Choose an active colleague.'] });
  });
});

describe('the right-to-work reminder', () => {
  const notificationsOf = (person: Person) =>
    ownerSql<{ description: string; todo: boolean; relates_to: string; relates_to_id: string }>(
      t,
      sql`SELECT description, todo, relates_to, relates_to_id FROM notifications WHERE user_id = ${person.id} AND description LIKE 'Right to work%' ORDER BY created_at`,
    );

  it('tells the owners and HR admins once per permit, 30 days before expiry', async () => {
    const now = new Date('2026-12-13T09:00:00Z');
    const soon = await send(owner, 'POST', '/api/user-work-permit', permit({ date_checked: '2025-01-10', expiry_date: '2027-01-12' }));
    expect(soon.statusCode, soon.body).toBe(201);
    await send(owner, 'POST', '/api/user-work-permit', permit({ date_checked: '2025-01-10', expiry_date: '2027-06-01' }));

    expect(await sendWorkPermitReminders(t.database.db, new Date('2026-12-12T09:00:00Z'))).toEqual({ reminded: 0, notified: 0 });
    expect(await sendWorkPermitReminders(t.database.db, now)).toEqual({ reminded: 1, notified: 2 });
    expect(await sendWorkPermitReminders(t.database.db, now)).toEqual({ reminded: 0, notified: 0 });

    for (const person of [owner, hrAdmin]) {
      expect(await notificationsOf(person)).toEqual([
        {
          description: 'Right to work check for Ella Tester expires on 12/01/2027.',
          todo: true,
          relates_to: 'user',
          relates_to_id: employee.id,
        },
      ]);
    }
    expect(await notificationsOf(manager)).toEqual([]);
    expect(await notificationsOf(employee)).toEqual([]);
    expect(await notificationsOf(otherOwner)).toEqual([]);

    // A renewed permit (a new expiry) is reminded again when that comes near.
    const id = soon.json<WorkPermitRecord>().id;
    const renewed = await send(owner, 'PUT', `/api/user-work-permit/${id}`, {
      ...permit({ date_checked: '2025-01-10', expiry_date: '2027-12-31' }),
      user_id: undefined,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await sendWorkPermitReminders(t.database.db, now)).toEqual({ reminded: 0, notified: 0 });
    expect(await sendWorkPermitReminders(t.database.db, new Date('2027-12-01T09:00:00Z'))).toEqual({ reminded: 2, notified: 4 });
  });

  it('words a follow-up and an expiry already past', () => {
    const person = { first_name: 'Ella', surname: 'Evans' };
    expect(permitReminderText({ ...person, expiry_date: null, follow_up_date: '2026-03-02' }, '2026-03-02')).toBe(
      'Right to work follow-up check for Ella Evans is due on 02/03/2026.',
    );
    expect(permitReminderText({ ...person, expiry_date: '2026-01-01', follow_up_date: null }, '2026-03-02')).toBe(
      'Right to work check for Ella Evans expired on 01/01/2026.',
    );
  });
});

describe('fuzzed bodies', () => {
  it('never make a records-B route answer 5xx', async () => {
    const created = await send(owner, 'POST', '/api/user-contract', { user_id: employee.id, start_date: '2024-01-01' });
    const contractId = created.json<{ id: string }>().id;
    const value = fc.oneof(fc.jsonValue(), fc.constantFrom(employee.id, '2024-02-30', '9999-12-31', '', ' ', -1, 1e308, 24.25, null));
    const keys = [
      'user_id',
      'start_date',
      'end_date',
      'title',
      'position_id',
      'amount',
      'mon_hours',
      'template_id',
      'share_code',
      'document_type',
      'date_checked',
      'line_manager_ids',
      'bank_holiday_region',
      'pay_rate_type_id',
      'department_id',
    ];
    const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...keys), value));
    const route = fc.constantFrom(
      ['POST', '/api/user-job-title'],
      ['POST', '/api/user-contract'],
      ['PUT', `/api/user-contract/${contractId}`],
      ['POST', '/api/user-work-permit'],
      ['POST', '/api/user-pay-rate'],
      ['POST', '/api/user-working-pattern'],
      ['POST', '/api/user-working-pattern/validate'],
      ['PUT', `/api/user-employment-details/${employee.id}`],
      ['POST', '/api/user-employment-details/validate'],
      ['PUT', `/api/user-bank-holidays/${employee.id}`],
    ) as fc.Arbitrary<['POST' | 'PUT', string]>;
    await fc.assert(
      fc.asyncProperty(route, body, async ([method, url], payload) => {
        const res = await send(owner, method, url, payload);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
    const queries = fc.dictionary(fc.constantFrom('user_id', 'pay_rate_type_id', 'limit', 'offset', 'page', 'search'), fc.string());
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/user-job-title', '/api/user-pay-rate', '/api/user-working-pattern'),
        queries,
        async (url, query) => {
          const res = await t.app.inject({ method: 'GET', url, query, headers: owner.headers });
          expect(res.statusCode, `${url} ${JSON.stringify(query)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });
});
