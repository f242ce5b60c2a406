// The company's leave settings over HTTP: leave types, policy templates, the
// leave-year start, blocked dates and bank holidays (shipped days merged with the company's
// own). Everyone reads; only owners and HR admins write; other companies' ids are 404s.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BankHoliday,
  type BankHolidayRegionEntry,
  type BlockedDatePeriod,
  type CompanyLeaveSettings,
  type LeaveType,
  type PolicyTemplate,
} from '../../../src/modules/leave/leave-settings.contract';
import { leaveMessages } from '../../../src/modules/leave/leave.contract';
import type { ListResponse } from '../../../src/shared/list';
import { bearer } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;
let other: LeaveCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  acme = await addLeaveCompany(t, { name: 'Acme' });
  other = await addLeaveCompany(t, { name: 'Other' });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = async (company: LeaveCompany, who: LeavePerson, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(await company.token(who)),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: Record<string, string[]> }>().errors;
const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

const customType = { name: 'Jury service', paid: true, deducted: false, needs_approval: true, colour: 'orange' };

describe('leave types', () => {
  it('are read by everyone: the 15 built-ins, archived ones only on request', async () => {
    const res = await send(acme, 'employee', 'GET', '/api/leave-type?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<ListResponse<LeaveType>>();
    expect(list.count).toBe(15);
    expect(list.results[0]).toMatchObject({ key: 'annual_leave', name: 'Annual leave', deducted: true, archived: false });
  });

  it('are created by HR with unique names (422), and an employee may not (403)', async () => {
    expect((await send(acme, 'employee', 'POST', '/api/leave-type', customType)).statusCode).toBe(403);
    expect((await send(acme, 'manager', 'POST', '/api/leave-type', customType)).statusCode).toBe(403);
    const created = await send(acme, 'hr', 'POST', '/api/leave-type', customType);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<LeaveType>()).toMatchObject({ ...customType, key: null, archived: false });
    const duplicate = await send(acme, 'hr', 'POST', '/api/leave-type', { ...customType, name: 'jury SERVICE' });
    expect(duplicate.statusCode).toBe(422);
    expect(errorsOf(duplicate).name).toEqual(['This name is already used.']);
    const blank = await send(acme, 'hr', 'POST', '/api/leave-type', { ...customType, name: '' });
    expect(blank.statusCode).toBe(422);
    expect(errorsOf(blank)).toHaveProperty('name');
  });

  it('lets a built-in be renamed and archived but never deleted (409)', async () => {
    const list = (await send(acme, 'hr', 'GET', '/api/leave-type?limit=100')).json<ListResponse<LeaveType>>();
    const other = list.results.find((type) => type.key === 'other')!;
    const renamed = await send(acme, 'hr', 'PUT', `/api/leave-type/${other.id}`, { ...other, name: 'Something else', archived: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<LeaveType>()).toMatchObject({ key: 'other', name: 'Something else', archived: true });
    const live = (await send(acme, 'employee', 'GET', '/api/leave-type?limit=100')).json<ListResponse<LeaveType>>();
    expect(live.results.some((type) => type.id === other.id)).toBe(false);
    const all = (await send(acme, 'employee', 'GET', '/api/leave-type?limit=100&include_archived=1')).json<ListResponse<LeaveType>>();
    expect(all.results.some((type) => type.id === other.id)).toBe(true);
    const removed = await send(acme, 'hr', 'DELETE', `/api/leave-type/${other.id}`);
    expect(removed.statusCode).toBe(409);
    expect(messageOf(removed)).toBe(leaveMessages.builtInNotDeleted);
  });

  it('refuses to delete a custom type in use (409 with the count), deletes an unused one', async () => {
    const used = (await send(acme, 'hr', 'POST', '/api/leave-type', { ...customType, name: 'Study leave' })).json<LeaveType>();
    const request = await send(acme, 'hr', 'POST', '/api/user-absence', {
      user_id: acme.people.employee.id,
      leave_type_id: used.id,
      start_date: '2026-12-01',
      end_date: '2026-12-01',
    });
    expect(request.statusCode, request.body).toBe(201);
    const refused = await send(acme, 'hr', 'DELETE', `/api/leave-type/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(leaveMessages.leaveTypeInUse(1));
    const spare = (await send(acme, 'hr', 'POST', '/api/leave-type', { ...customType, name: 'Spare' })).json<LeaveType>();
    expect((await send(acme, 'hr', 'DELETE', `/api/leave-type/${spare.id}`)).statusCode).toBe(204);
    expect((await send(acme, 'hr', 'GET', `/api/leave-type/${spare.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another company’s type', async () => {
    const theirs = (await send(other, 'hr', 'GET', '/api/leave-type')).json<ListResponse<LeaveType>>().results[0]!;
    expect((await send(acme, 'hr', 'GET', `/api/leave-type/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(acme, 'hr', 'PUT', `/api/leave-type/${theirs.id}`, customType)).statusCode).toBe(404);
    expect((await send(acme, 'hr', 'DELETE', `/api/leave-type/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(acme, 'hr', 'GET', `/api/leave-type?company_id=${other.companyId}`)).statusCode).toBe(404);
  });
});

describe('policy templates', () => {
  const template = { name: 'Enhanced', unit: 'days', allowance: 33, bank_holidays: 'included', carry_over_max: 5 };

  it('start with the statutory default assigned to everyone, counted', async () => {
    const res = await send(acme, 'employee', 'GET', '/api/absence-policy-template');
    expect(res.statusCode).toBe(200);
    expect(res.json<ListResponse<PolicyTemplate>>().results).toEqual([
      expect.objectContaining({ name: 'Statutory (5.6 weeks)', allowance: 28, is_default: true, users_count: 7, accrual: 'upfront' }),
    ]);
  });

  it('are created and changed by HR; one default at a time; names unique', async () => {
    expect((await send(acme, 'employee', 'POST', '/api/absence-policy-template', template)).statusCode).toBe(403);
    const created = await send(acme, 'hr', 'POST', '/api/absence-policy-template', {
      ...template,
      is_default: true,
      service_steps: [{ after_years: 5, extra: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const enhanced = created.json<PolicyTemplate>();
    expect(enhanced).toMatchObject({
      allowance: 33,
      is_default: true,
      users_count: 0,
      service_steps: [{ after_years: 5, extra: 1 }],
      carry_over_expiry_months: 3,
    });
    const list = (await send(acme, 'hr', 'GET', '/api/absence-policy-template')).json<ListResponse<PolicyTemplate>>().results;
    expect(list.filter((row) => row.is_default).map((row) => row.name)).toEqual(['Enhanced']);
    const duplicate = await send(acme, 'hr', 'POST', '/api/absence-policy-template', template);
    expect(duplicate.statusCode).toBe(422);
    expect(errorsOf(duplicate).name).toEqual(['This name is already used.']);
    const changed = await send(acme, 'hr', 'PUT', `/api/absence-policy-template/${enhanced.id}`, { ...template, allowance: 30.5 });
    expect(changed.json<PolicyTemplate>()).toMatchObject({ allowance: 30.5, is_default: false });
    const bad = await send(acme, 'hr', 'POST', '/api/absence-policy-template', { ...template, name: 'Bad', allowance: 1.1, unit: 'weeks' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['allowance', 'unit']);
  });

  it('cannot be deleted while assigned (409), can when not', async () => {
    const refused = await send(acme, 'hr', 'DELETE', `/api/absence-policy-template/${acme.statutoryTemplateId}`);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(leaveMessages.templateInUse(7));
    const spare = (await send(acme, 'hr', 'POST', '/api/absence-policy-template', { ...template, name: 'Spare' })).json<PolicyTemplate>();
    expect((await send(acme, 'hr', 'DELETE', `/api/absence-policy-template/${spare.id}`)).statusCode).toBe(204);
    expect((await send(other, 'hr', 'DELETE', `/api/absence-policy-template/${acme.statutoryTemplateId}`)).statusCode).toBe(404);
  });
});

describe('the leave-year start', () => {
  it('is 1 January by default, changed only by HR, within 1–28', async () => {
    expect((await send(acme, 'employee', 'GET', '/api/company-leave-settings')).json<CompanyLeaveSettings>()).toEqual({
      leave_year_start_month: 1,
      leave_year_start_day: 1,
      rolled_up_holiday_pay: false,
    });
    expect(
      (await send(acme, 'employee', 'PUT', '/api/company-leave-settings', { leave_year_start_month: 4, leave_year_start_day: 1 }))
        .statusCode,
    ).toBe(403);
    const bad = await send(acme, 'hr', 'PUT', '/api/company-leave-settings', { leave_year_start_month: 13, leave_year_start_day: 30 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['leave_year_start_day', 'leave_year_start_month']);
    const saved = await send(other, 'hr', 'PUT', '/api/company-leave-settings', { leave_year_start_month: 4, leave_year_start_day: 6 });
    expect(saved.json<CompanyLeaveSettings>()).toEqual({
      leave_year_start_month: 4,
      leave_year_start_day: 6,
      rolled_up_holiday_pay: false,
    });
    expect((await send(acme, 'hr', 'GET', '/api/company-leave-settings')).json<CompanyLeaveSettings>().leave_year_start_month).toBe(1);
  });
});

describe('blocked date periods', () => {
  it('are kept by HR, read by everyone, filtered by overlap, with the department named', async () => {
    const body = {
      name: 'Stock-take',
      start_date: '2026-12-07',
      end_date: '2026-12-11',
      department_id: acme.departments.Operations,
      notes: null,
    };
    expect((await send(acme, 'manager', 'POST', '/api/blocked-date-period', body)).statusCode).toBe(403);
    const created = await send(acme, 'hr', 'POST', '/api/blocked-date-period', body);
    expect(created.statusCode, created.body).toBe(201);
    const period = created.json<BlockedDatePeriod>();
    expect(period).toMatchObject({ name: 'Stock-take', department_name: 'Operations' });
    const overlapping = await send(acme, 'employee', 'GET', '/api/blocked-date-period?from=2026-12-10&to=2026-12-20');
    expect(overlapping.json<ListResponse<BlockedDatePeriod>>().count).toBe(1);
    const apart = await send(acme, 'employee', 'GET', '/api/blocked-date-period?from=2026-12-12');
    expect(apart.json<ListResponse<BlockedDatePeriod>>().count).toBe(0);
    const backwards = await send(acme, 'hr', 'PUT', `/api/blocked-date-period/${period.id}`, { ...body, end_date: '2026-12-01' });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards).end_date).toEqual([leaveMessages.endBeforeStart]);
    const foreign = await send(acme, 'hr', 'PUT', `/api/blocked-date-period/${period.id}`, {
      ...body,
      department_id: other.departments.Operations,
    });
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign).department_id).toEqual([leaveMessages.unknown]);
    expect((await send(other, 'hr', 'DELETE', `/api/blocked-date-period/${period.id}`)).statusCode).toBe(404);
    expect((await send(acme, 'hr', 'DELETE', `/api/blocked-date-period/${period.id}`)).statusCode).toBe(204);
  });
});

describe('bank holidays', () => {
  it('lists the three regions', async () => {
    const res = await send(acme, 'employee', 'GET', '/api/bank-holiday-regions');
    expect(res.json<ListResponse<BankHolidayRegionEntry>>().results).toEqual([
      { id: 'england-and-wales', name: 'England and Wales' },
      { id: 'scotland', name: 'Scotland' },
      { id: 'northern-ireland', name: 'Northern Ireland' },
    ]);
  });

  it('shows a region’s year with the company’s own days merged in date order', async () => {
    const added = await send(acme, 'hr', 'POST', '/api/bank-holidays', {
      date: '2025-12-24',
      name: 'Christmas Eve (company)',
      region: null,
    });
    expect(added.statusCode, added.body).toBe(201);
    const day = added.json<BankHoliday>();
    expect(day).toMatchObject({ company_added: true, region: null });
    const res = await send(acme, 'employee', 'GET', '/api/bank-holidays?bank_holiday_region_id=scotland&year=2025&limit=100');
    const dates = res.json<ListResponse<BankHoliday>>().results.map((row) => row.date);
    expect(dates).toContain('2025-12-01');
    expect(dates).toContain('2025-01-02');
    expect(dates.indexOf('2025-12-24')).toBe(dates.indexOf('2025-12-25') - 1);
    expect(dates).toEqual([...dates].sort());
    const others = await send(other, 'employee', 'GET', '/api/bank-holidays?bank_holiday_region_id=scotland&year=2025&limit=100');
    expect(others.json<ListResponse<BankHoliday>>().results.map((row) => row.date)).not.toContain('2025-12-24');
    const all = await send(acme, 'employee', 'GET', '/api/bank-holidays?year=2025&limit=100');
    expect(new Set(all.json<ListResponse<BankHoliday>>().results.map((row) => row.region))).toEqual(
      new Set(['england-and-wales', 'scotland', 'northern-ireland', null]),
    );

    const duplicate = await send(acme, 'hr', 'POST', '/api/bank-holidays', { date: '2025-12-24', name: 'Again', region: null });
    expect(duplicate.statusCode).toBe(422);
    const shipped = await send(acme, 'hr', 'DELETE', '/api/bank-holidays/scotland:2025-12-01');
    expect(shipped.statusCode).toBe(409);
    expect(messageOf(shipped)).toBe(leaveMessages.shippedBankHoliday);
    expect((await send(acme, 'employee', 'DELETE', `/api/bank-holidays/${day.id}`)).statusCode).toBe(403);
    expect((await send(other, 'hr', 'DELETE', `/api/bank-holidays/${day.id}`)).statusCode).toBe(404);
    expect((await send(acme, 'hr', 'DELETE', `/api/bank-holidays/${day.id}`)).statusCode).toBe(204);
  });

  it('refuses another company’s list (404) and a bad region or year (422)', async () => {
    expect((await send(acme, 'employee', 'GET', `/api/bank-holidays?company_id=${other.companyId}`)).statusCode).toBe(404);
    expect((await send(acme, 'employee', 'GET', '/api/bank-holidays?bank_holiday_region_id=wales')).statusCode).toBe(422);
    expect((await send(acme, 'employee', 'GET', '/api/bank-holidays?year=20x5')).statusCode).toBe(422);
  });
});

describe('bodies of any shape', () => {
  it('never answer a 5xx on the settings writes', async () => {
    const types = (await send(acme, 'hr', 'GET', '/api/leave-type?limit=100')).json<ListResponse<LeaveType>>().results;
    const targets: [Method, string][] = [
      ['POST', '/api/leave-type'],
      ['PUT', `/api/leave-type/${types[1]!.id}`],
      ['POST', '/api/absence-policy-template'],
      ['PUT', `/api/absence-policy-template/${acme.statutoryTemplateId}`],
      ['PUT', '/api/company-leave-settings'],
      ['POST', '/api/blocked-date-period'],
      ['POST', '/api/bank-holidays'],
    ];
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(
        '',
        '\u0000',
        'a'.repeat(3000),
        '2026-02-30',
        '2026-12-01',
        'scotland',
        'days',
        'hours',
        'included',
        'monthly',
        1e300,
        0.25,
        13,
      ),
    );
    const keys = fc.constantFrom(
      'name',
      'paid',
      'deducted',
      'needs_approval',
      'colour',
      'archived',
      'unit',
      'allowance',
      'bank_holidays',
      'accrual',
      'carry_over_max',
      'service_steps',
      'is_default',
      'leave_year_start_month',
      'leave_year_start_day',
      'start_date',
      'end_date',
      'department_id',
      'date',
      'region',
      'company_id',
    );
    const token = await acme.token('owner');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.oneof(fc.dictionary(keys, fc.oneof(scalar, fc.array(scalar))), scalar),
        async ([method, url], payload) => {
          const res = await t.app.inject({
            method,
            url,
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });
});
