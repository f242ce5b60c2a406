// GET /api/user-suggested-absence/{userId}: the deduction day by day, the balance before and
// after, colleagues off on those days, and the very refusal POST would give; plus request
// bodies of any shape (fast-check) never making the server fail.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SuggestedAbsence } from '../../../src/modules/leave/absences.contract';
import { leaveMessages } from '../../../src/modules/leave/leave.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { harnessFor, startHarness, type Harness } from '../../support/leave-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await ownerSql(
    h.t,
    sql`insert into blocked_date_periods (company_id, name, start_date, end_date, department_id)
        values (${h.company.companyId}, 'Stocktake', '2029-10-01', '2029-10-05', ${h.company.departments.Operations})`,
  );
});
afterAll(async () => h.t.close());

async function suggest(who: LeavePerson, person: LeavePerson, query: Record<string, string>) {
  const params = new URLSearchParams({ leave_type_id: h.types.annual, ...query });
  return h.send(who, 'GET', `/api/user-suggested-absence/${h.company.people[person].id}?${params.toString()}`);
}
async function suggestion(who: LeavePerson, person: LeavePerson, query: Record<string, string>): Promise<SuggestedAbsence> {
  const res = await suggest(who, person, query);
  expect(res.statusCode).toBe(200);
  return res.json<SuggestedAbsence>();
}

describe('the suggestion', () => {
  it('shows the deduction day by day and the balance before and after', async () => {
    const result = await suggestion('employee', 'employee', { start_date: '2029-03-29', end_date: '2029-04-03' });
    expect(result.deduction).toBe(2);
    expect(result.days.map((day) => [day.date, day.amount, day.skipped])).toEqual([
      ['2029-03-29', 1, null],
      ['2029-03-30', 0, 'bank_holiday'],
      ['2029-03-31', 0, 'non_working'],
      ['2029-04-01', 0, 'non_working'],
      ['2029-04-02', 0, 'bank_holiday'],
      ['2029-04-03', 1, null],
    ]);
    expect(result.days[1]?.bank_holiday_name).toBe('Good Friday');
    // 28 days including the 8 bank holidays of 2029.
    expect(result).toMatchObject({ unit: 'days', deducted: true, available_before: 20, remaining_after: 18, problem: null, blocked: null });
    expect(result.period).toMatchObject({ start_date: '2029-01-01', end_date: '2029-12-31' });
  });

  it('lists colleagues of the department off on those days, with the leave type only for those who may see it', async () => {
    await h.book('colleague', { start_date: '2029-05-14', end_date: '2029-05-16' });
    await h.book('office', { start_date: '2029-05-14', end_date: '2029-05-16' });
    const forEmployee = await suggestion('employee', 'employee', { start_date: '2029-05-15', end_date: '2029-05-15' });
    expect(forEmployee.clashes).toEqual([
      expect.objectContaining({ name: 'Colin Cole', start_date: '2029-05-14', end_date: '2029-05-16', leave_type_name: null }),
    ]);
    const forManager = await suggestion('manager', 'employee', { start_date: '2029-05-15', end_date: '2029-05-15' });
    expect(forManager.clashes.map((clash) => clash.leave_type_name)).toEqual(['Annual leave']);
  });

  it('gives exactly the refusal POST gives', async () => {
    await h.book('employee', { start_date: '2029-06-11', end_date: '2029-06-12' });
    const cases: Record<string, string>[] = [
      { start_date: '2029-06-12', end_date: '2029-06-13' },
      { start_date: '2029-10-02', end_date: '2029-10-02' },
      { start_date: '2029-07-07', end_date: '2029-07-08' },
      { start_date: '2029-12-27', end_date: '2030-01-03' },
      { start_date: '2029-07-02', end_date: '2029-08-31' },
      { start_date: '2029-07-02', end_date: '2029-07-02', duration_type: 'half_day' },
      { start_date: '2029-07-02', end_date: '2029-07-03', duration_type: 'hours', hours: '2' },
    ];
    const expected = [
      leaveMessages.overlap('11/06/2029', '12/06/2029'),
      leaveMessages.blocked('Stocktake'),
      leaveMessages.nothingToDeduct,
      leaveMessages.spansLeaveYears('01/01/2030'),
      leaveMessages.insufficientBalance('18 days'),
      leaveMessages.halfDayPartRequired,
      leaveMessages.hoursOneDay,
    ];
    for (const [index, query] of cases.entries()) {
      const suggested = await suggestion('employee', 'employee', query);
      const body = { ...query, ...(query.hours ? { hours: Number(query.hours) } : {}) };
      const posted = await h.request('employee', body);
      expect(posted.statusCode).toBe(422);
      const errors = posted.json<{ errors: Record<string, string[]> }>().errors;
      expect(suggested.problem).toBe(expected[index]);
      expect(Object.values(errors).flat()).toContain(suggested.problem);
    }
    const fine = await suggestion('employee', 'employee', { start_date: '2029-07-02', end_date: '2029-07-02' });
    expect(fine.problem).toBeNull();
    expect((await h.request('employee', { start_date: '2029-07-02', end_date: '2029-07-02' })).statusCode).toBe(201);
  });

  it('tells an approver of a blocked period without calling it a problem (the form asks for a reason)', async () => {
    const result = await suggestion('manager', 'employee', { start_date: '2029-10-02', end_date: '2029-10-02' });
    expect(result.blocked).toMatchObject({ name: 'Stocktake' });
    expect(result.problem).toBeNull();
  });

  it('keeps to the caller’s scope and company', async () => {
    expect((await suggest('employee', 'colleague', { start_date: '2029-07-02', end_date: '2029-07-02' })).statusCode).toBe(403);
    expect((await suggest('otherManager', 'employee', { start_date: '2029-07-02', end_date: '2029-07-02' })).statusCode).toBe(403);
    const other = await harnessFor(h.t, await addLeaveCompany(h.t));
    const res = await other.send(
      'owner',
      'GET',
      `/api/user-suggested-absence/${h.company.people.employee.id}?leave_type_id=${other.types.annual}&start_date=2029-07-02`,
    );
    expect(res.statusCode).toBe(404);
    expect((await suggest('employee', 'employee', { start_date: 'soon' })).statusCode).toBe(422);
  });
});

describe('bodies of any shape', () => {
  const scalar = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(
      '',
      ' ',
      'a'.repeat(3000),
      '2026-02-30',
      '0001-01-01',
      '9999-12-31',
      '2029-03-05',
      '2029-03-09',
      'morning',
      'hours',
      'half_day',
    ),
  );
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 4 }), scalar, { maxKeys: 2 }));
  const KEYS = [
    'user_id',
    'leave_type_id',
    'start_date',
    'end_date',
    'duration_type',
    'half_day_part',
    'hours',
    'notes',
    'blocked_override_reason',
    'sickness_category',
    'medical_detail',
  ];

  it('never make POST /api/user-absence or the suggestion fail with a 5xx', async () => {
    const known = [
      h.types.annual,
      h.types.sickness,
      h.types.unpaid,
      h.company.people.employee.id,
      h.company.people.office.id,
      crypto.randomUUID(),
    ];
    const body = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(value, fc.constantFrom(...known)), { maxKeys: 8 });
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom<LeavePerson>('employee', 'manager', 'owner'), async (payload, who) => {
        const res = await h.send(who, 'POST', '/api/user-absence', payload);
        expect(res.statusCode, res.body).toBeLessThan(500);
        const query = new URLSearchParams(
          Object.entries(payload)
            .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
            .map(([k, v]) => [k, String(v)]),
        );
        const suggested = await h.send(who, 'GET', `/api/user-suggested-absence/${h.company.people.employee.id}?${query.toString()}`);
        expect(suggested.statusCode, suggested.body).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });
});
