// POST /api/user-absence: the rules a request meets — end dates, leave years, overlaps (half
// days of opposite parts share a day), blocked periods (an approver overrides with a reason),
// the deduction from the working pattern and bank holidays, the balance and allow_negative,
// the status it starts in, medical detail, and whom a caller may book for.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_INVALIDATES, leaveMessages } from '../../../src/modules/leave/leave.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany } from '../../support/leave-fixtures';
import { annualBalance, harnessFor, startHarness, type Harness } from '../../support/leave-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.t.close());

const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: Record<string, string[]> }>().errors;

describe('a request for annual leave', () => {
  it('deducts working days only: weekends and bank holidays (Easter 2029) are skipped', async () => {
    // Monday 26 March to Friday 6 April 2029: ten weekdays, Good Friday and Easter Monday among them.
    const absence = await h.book('employee', { start_date: '2029-03-26', end_date: '2029-04-06' });
    expect(absence.status).toBe('pending');
    expect(absence.deduction).toBe(8);
    expect(absence.deduction_unit).toBe('days');
    expect(absence.user.id).toBe(h.company.people.employee.id);
    expect(absence.can_cancel).toBe(true);
    expect(absence.can_approve).toBe(false);
    expect(absence.events.map((event) => event.action)).toEqual(['requested']);
  });

  it('refuses an overlap with the same person’s live absences, naming its dates', async () => {
    const res = await h.request('employee', { start_date: '2029-04-05', end_date: '2029-04-10' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).start_date).toEqual([leaveMessages.overlap('26/03/2029', '06/04/2029')]);
    // Someone else's leave on the same days is no overlap.
    expect((await h.request('colleague', { start_date: '2029-04-05', end_date: '2029-04-05' })).statusCode).toBe(201);
  });

  it('lets a morning and an afternoon share a day, but not two mornings', async () => {
    const day = { start_date: '2029-06-04', end_date: '2029-06-04', duration_type: 'half_day' };
    const morning = await h.book('employee', { ...day, half_day_part: 'morning' });
    expect(morning.deduction).toBe(0.5);
    expect((await h.request('employee', { ...day, half_day_part: 'afternoon' })).statusCode).toBe(201);
    const again = await h.request('employee', { ...day, half_day_part: 'morning' });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again).start_date).toEqual([leaveMessages.overlap('04/06/2029', '04/06/2029')]);
    const fullDay = await h.request('employee', { start_date: '2029-06-04', end_date: '2029-06-04' });
    expect(fullDay.statusCode).toBe(422);
  });

  it('needs an end date, a single day for half days and hours, and one leave year', async () => {
    const open = await h.request('employee', { start_date: '2029-07-02' });
    expect(open.statusCode).toBe(422);
    expect(errorsOf(open).end_date).toEqual([leaveMessages.endRequired]);
    const half = await h.request('employee', {
      start_date: '2029-07-02',
      end_date: '2029-07-03',
      duration_type: 'half_day',
      half_day_part: 'morning',
    });
    expect(errorsOf(half).end_date).toEqual([leaveMessages.halfDayOneDay]);
    const hours = await h.request('employee', { start_date: '2029-07-02', end_date: '2029-07-02', duration_type: 'hours' });
    expect(errorsOf(hours).hours).toEqual([leaveMessages.hoursRequired]);
    const crossing = await h.request('employee', { start_date: '2029-12-27', end_date: '2030-01-04' });
    expect(crossing.statusCode).toBe(422);
    expect(errorsOf(crossing).end_date).toEqual([leaveMessages.spansLeaveYears('01/01/2030')]);
  });

  it('refuses dates with no working day to deduct', async () => {
    const weekend = await h.request('employee', { start_date: '2029-07-07', end_date: '2029-07-08' });
    expect(weekend.statusCode).toBe(422);
    expect(errorsOf(weekend).start_date).toEqual([leaveMessages.nothingToDeduct]);
    const bankHoliday = await h.request('employee', { start_date: '2029-08-27', end_date: '2029-08-27' });
    expect(errorsOf(bankHoliday).start_date).toEqual([leaveMessages.nothingToDeduct]);
  });

  it('books hours in days rounded up to a half day', async () => {
    const absence = await h.book('colleague', { start_date: '2029-07-10', end_date: '2029-07-10', duration_type: 'hours', hours: 2 });
    expect(absence.deduction).toBe(0.5);
    expect(absence.hours).toBe(2);
  });
});

describe('two requests at once', () => {
  it('are checked one after the other: only one of two overlapping requests is taken', async () => {
    const body = { leave_type_id: h.types.unpaid, start_date: '2029-11-19', end_date: '2029-11-20' };
    const answers = await Promise.all([h.request('office', body), h.request('office', body), h.request('office', body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422, 422]);
  });
});

describe('the balance', () => {
  it('refuses more than is left, counting pending requests, unless the policy allows going below zero', async () => {
    // 2029: 28 days including the 8 bank holidays of England and Wales leaves 20; 3 days are pending.
    await h.book('office', { start_date: '2029-02-05', end_date: '2029-02-07' });
    const tooMuch = await h.request('office', { start_date: '2029-09-03', end_date: '2029-09-30' });
    expect(tooMuch.statusCode).toBe(422);
    expect(errorsOf(tooMuch).leave_type_id).toEqual([leaveMessages.insufficientBalance('17 days')]);

    await ownerSql(h.t, sql`update absence_policy_templates set allow_negative = true where id = ${h.company.statutoryTemplateId}`);
    try {
      const allowed = await h.request('office', { start_date: '2029-09-03', end_date: '2029-09-30' });
      expect(allowed.statusCode).toBe(201);
      expect(allowed.json<{ deduction: number }>().deduction).toBe(20);
    } finally {
      await ownerSql(h.t, sql`update absence_policy_templates set allow_negative = false where id = ${h.company.statutoryTemplateId}`);
    }
  });

  it('says when the person has no policy', async () => {
    const t = h.t;
    const bare = await harnessFor(t, await addLeaveCompany(t, { assignPolicy: false }));
    const res = await bare.request('employee', { start_date: '2029-03-05', end_date: '2029-03-05' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).leave_type_id).toEqual([leaveMessages.noPolicy]);
    // Leave that draws on no allowance needs no policy.
    expect(
      (await bare.request('employee', { leave_type_id: bare.types.unpaid, start_date: '2029-03-05', end_date: '2029-03-05' })).statusCode,
    ).toBe(201);
  });
});

describe('blocked periods', () => {
  beforeAll(async () => {
    await ownerSql(
      h.t,
      sql`insert into blocked_date_periods (company_id, name, start_date, end_date, department_id)
          values (${h.company.companyId}, 'Stocktake', '2029-10-01', '2029-10-05', ${h.company.departments.Operations}),
                 (${h.company.companyId}, 'Year end', '2029-12-17', '2029-12-21', null)`,
    );
  });

  it('refuses the person’s own request inside a blocked period of their department or the company', async () => {
    const res = await h.request('employee', { start_date: '2029-10-04', end_date: '2029-10-08' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).start_date).toEqual([leaveMessages.blocked('Stocktake')]);
    expect(errorsOf(await h.request('office', { start_date: '2029-12-20', end_date: '2029-12-20' })).start_date).toEqual([
      leaveMessages.blocked('Year end'),
    ]);
    // Another department's block is no block.
    expect(
      (await h.request('office', { leave_type_id: h.types.unpaid, start_date: '2029-10-04', end_date: '2029-10-04' })).statusCode,
    ).toBe(201);
  });

  it('lets an approver book someone inside it with a reason, approved at once', async () => {
    const body = { user_id: h.company.people.employee.id, start_date: '2029-10-02', end_date: '2029-10-02' };
    const noReason = await h.request('manager', body);
    expect(noReason.statusCode).toBe(422);
    expect(errorsOf(noReason).blocked_override_reason).toEqual([leaveMessages.overrideReasonRequired]);
    const before = await annualBalance(h, 'employee', '2029-10-02');
    const booked = await h.book('manager', { ...body, blocked_override_reason: 'Wedding agreed last year' });
    expect(booked.status).toBe('approved');
    expect(booked.blocked_override_reason).toBe('Wedding agreed last year');
    expect(await annualBalance(h, 'employee', '2029-10-02')).toBe(before - 1);
  });

  it('refuses someone who may book but not approve (a manager of another department has no reach at all)', async () => {
    const res = await h.request('otherManager', {
      user_id: h.company.people.employee.id,
      start_date: '2029-10-03',
      end_date: '2029-10-03',
    });
    expect(res.statusCode).toBe(403);
  });

  it('does not hold back sickness', async () => {
    const res = await h.request('employee', { leave_type_id: h.types.sickness, start_date: '2029-10-03', end_date: '2029-10-03' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ status: string }>().status).toBe('approved');
  });
});

describe('sickness', () => {
  it('may be open-ended, is approved at once, and keeps its category', async () => {
    const absence = await h.book('colleague', {
      leave_type_id: h.types.sickness,
      start_date: '2029-11-05',
      sickness_category: 'cold_flu',
      medical_detail: 'Flu',
    });
    expect(absence.status).toBe('approved');
    expect(absence.end_date).toBeNull();
    expect(absence.sickness_category).toBe('cold_flu');
    expect(absence.medical_detail).toBe('Flu');
  });

  it('refuses medical detail from a manager reporting an employee’s sickness, and takes the report without it', async () => {
    const body = {
      leave_type_id: h.types.sickness,
      user_id: h.company.people.employee.id,
      start_date: '2029-11-12',
      end_date: '2029-11-13',
    };
    const res = await h.request('manager', { ...body, medical_detail: 'Migraine' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).medical_detail).toEqual([leaveMessages.medicalNotAllowed]);
    const reported = await h.book('manager', body);
    expect(reported.status).toBe('approved');
    expect(reported).not.toHaveProperty('medical_detail');
  });
});

describe('whom a caller may book for', () => {
  it('books for oneself, and for others only in scope; another company’s person is not found', async () => {
    const forColleague = await h.request('employee', {
      user_id: h.company.people.colleague.id,
      start_date: '2029-03-05',
      end_date: '2029-03-05',
    });
    expect(forColleague.statusCode).toBe(403);
    const other = await addLeaveCompany(h.t);
    const res = await h.request('owner', { user_id: other.people.employee.id, start_date: '2029-03-05', end_date: '2029-03-05' });
    expect(res.statusCode).toBe(404);
    // Someone else's leave type is unknown here.
    const otherTypes = await harnessFor(h.t, other);
    const foreignType = await h.request('employee', {
      leave_type_id: otherTypes.types.annual,
      start_date: '2029-03-05',
      end_date: '2029-03-05',
    });
    expect(errorsOf(foreignType).leave_type_id).toEqual([leaveMessages.unknown]);
  });

  it('approves at once a type needing no approval, and an HR admin’s booking for someone else', async () => {
    await ownerSql(h.t, sql`update leave_types set needs_approval = false where id = ${h.types.unpaid}`);
    const unpaid = await h.book('employee', { leave_type_id: h.types.unpaid, start_date: '2029-03-12', end_date: '2029-03-12' });
    expect(unpaid.status).toBe('approved');
    expect(unpaid.decided_by_name).toBeNull();
    const byHr = await h.book('hr', { user_id: h.company.people.colleague.id, start_date: '2029-03-13', end_date: '2029-03-14' });
    expect(byHr.status).toBe('approved');
    expect(byHr.decided_by_name).toBe('Hana Reed');
    expect(byHr.requested_by_name).toBe('Hana Reed');
  });
});

describe('what a request tells the company’s open apps', () => {
  it('lists, in its realtime event, what the contract says an absence write makes stale — what the writing tab invalidates too', async () => {
    const absence = await h.book('employee', { start_date: '2029-05-14', end_date: '2029-05-14' });
    const events = await ownerSql<{ event: string; invalidates: string[] }>(
      h.t,
      sql`select event, invalidates from realtime_events where channel = ${`company-${h.company.companyId}`} order by id desc limit 1`,
    );
    expect(events).toEqual([{ event: 'user-absence', invalidates: [...LEAVE_INVALIDATES.absence] }]);
    expect(LEAVE_INVALIDATES.absence).toEqual(
      expect.arrayContaining(['user-absence', 'user-absence-period', 'who-at-work', 'absence-timeline', 'return-to-work', 'pending-count']),
    );
    expect(absence.status).toBe('pending');
  });
});
