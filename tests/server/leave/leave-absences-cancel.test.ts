// Cancelling, commenting and coming back: a pending request is withdrawn; approved leave not
// yet started is cancelled and given back; once started the person asks and an approver
// decides; sickness ends with a return and its return-to-work item.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AbsenceDetail } from '../../../src/modules/leave/absences.contract';
import { leaveMessages } from '../../../src/modules/leave/leave.contract';
import { addDays, londonDate } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import { annualBalance, pendingCount, startHarness, type Harness } from '../../support/leave-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.t.close());

const today = londonDate(new Date());
const yearStart = `${today.slice(0, 4)}-01-01`;
/** A stretch around today inside this leave year, so it has started (and has working days). */
const startedRange = () => {
  const start = addDays(today, -6) < yearStart ? yearStart : addDays(today, -6);
  const end = addDays(today, 6) > `${today.slice(0, 4)}-12-31` ? `${today.slice(0, 4)}-12-31` : addDays(today, 6);
  return { start_date: start, end_date: end };
};
const detail = (res: { json: <T>() => T }) => res.json<AbsenceDetail>();

describe('cancelling', () => {
  it('withdraws a pending request without touching the balance', async () => {
    const request = await h.book('employee', { start_date: '2029-03-05', end_date: '2029-03-06' });
    const before = await annualBalance(h, 'employee', '2029-03-05');
    const res = await h.act('employee', request.id, 'cancel', { reason: 'Plans changed' });
    expect(res.statusCode).toBe(200);
    expect(detail(res)).toMatchObject({ status: 'cancelled', cancel_reason: 'Plans changed', can_cancel: false });
    expect(await annualBalance(h, 'employee', '2029-03-05')).toBe(before);
    const again = await h.act('employee', request.id, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(leaveMessages.cannotCancel);
  });

  it('cancels approved leave that has not started and gives the days back', async () => {
    const request = await h.book('employee', { start_date: '2029-03-12', end_date: '2029-03-14' });
    const before = await annualBalance(h, 'employee', '2029-03-12');
    await h.act('manager', request.id, 'approve');
    expect(await annualBalance(h, 'employee', '2029-03-12')).toBe(before - 3);
    const res = await h.act('employee', request.id, 'cancel');
    expect(detail(res).status).toBe('cancelled');
    expect(await annualBalance(h, 'employee', '2029-03-12')).toBe(before);
    const logs = await ownerSql<{ kind: string; change: number }>(
      h.t,
      sql`select kind, change from user_absence_period_value_logs where absence_id = ${request.id} order by created_at`,
    );
    expect(logs.map((log) => [log.kind, Number(log.change)])).toEqual([
      ['absence', -3],
      ['absence_cancelled', 3],
    ]);
  });

  it('turns the person’s cancellation of started leave into a request the approver decides', async () => {
    const booked = await h.book('manager', { user_id: h.company.people.employee.id, ...startedRange() });
    expect(booked.status).toBe('approved');
    const before = await annualBalance(h, 'employee', today);

    const asked = await h.act('employee', booked.id, 'cancel', { reason: 'Came back early' });
    expect(detail(asked)).toMatchObject({ status: 'cancellation_requested', can_cancel: false });
    expect(await pendingCount(h, 'manager')).toBeGreaterThanOrEqual(1);
    const todo = await ownerSql<{ todo: boolean }>(
      h.t,
      sql`select todo from notifications where user_id = ${h.company.people.manager.id} and relates_to_id = ${booked.id}`,
    );
    expect(todo).toEqual([{ todo: true }]);

    // Declined: the leave stands.
    const kept = await h.act('manager', booked.id, 'decline', { reason: 'Already covered' });
    expect(detail(kept).status).toBe('approved');
    expect(await annualBalance(h, 'employee', today)).toBe(before);

    await h.act('employee', booked.id, 'cancel');
    const approved = await h.act('manager', booked.id, 'approve');
    expect(detail(approved).status).toBe('cancelled');
    expect(await annualBalance(h, 'employee', today)).toBe(before + booked.deduction);
    expect(detail(approved).events.map((event) => event.action)).toEqual([
      'booked',
      'cancellation_requested',
      'cancellation_declined',
      'cancellation_requested',
      'cancellation_approved',
    ]);
  });

  it('lets an approver cancel started leave directly, but not a colleague', async () => {
    const booked = await h.book('hr', { user_id: h.company.people.colleague.id, ...startedRange() });
    expect((await h.act('office', booked.id, 'cancel')).statusCode).toBe(403);
    const res = await h.act('manager', booked.id, 'cancel');
    expect(detail(res).status).toBe('cancelled');
  });
});

describe('comments', () => {
  it('adds to the history and tells the other side', async () => {
    const request = await h.book('colleague', { start_date: '2029-05-14', end_date: '2029-05-14' });
    const res = await h.act('colleague', request.id, 'comment', { body: 'Swapped with Ella' });
    expect(res.statusCode).toBe(200);
    expect(detail(res).events.at(-1)).toMatchObject({ action: 'comment', note: 'Swapped with Ella', actor_name: 'Colin Cole' });
    const told = await ownerSql<{ description: string }>(
      h.t,
      sql`select description from notifications where user_id = ${h.company.people.manager.id} and relates_to_id = ${request.id} and not todo`,
    );
    expect(told[0]?.description).toContain('Swapped with Ella');
    expect((await h.act('colleague', request.id, 'comment', { body: '' })).statusCode).toBe(422);
    expect((await h.act('office', request.id, 'comment', { body: 'Hi' })).statusCode).toBe(403);
  });
});

describe('returning from sickness', () => {
  it('ends an open-ended sickness the day before the return and creates the return-to-work item', async () => {
    await ownerSql(
      h.t,
      sql`insert into company_settings (company_id, return_to_work_enabled) values (${h.company.companyId}, true)
          on conflict (company_id) do update set return_to_work_enabled = true`,
    );
    // Monday 6 August 2029, back on Thursday 9 August: three days.
    const sick = await h.book('employee', { leave_type_id: h.types.sickness, start_date: '2029-08-06' });
    expect(sick.end_date).toBeNull();
    const early = await h.act('employee', sick.id, 'return', { returned_on: '2029-08-01' });
    expect(early.statusCode).toBe(422);
    expect(early.json<{ errors: Record<string, string[]> }>().errors.returned_on).toEqual([leaveMessages.returnBeforeStart]);

    const res = await h.act('employee', sick.id, 'return', { returned_on: '2029-08-09' });
    expect(res.statusCode).toBe(200);
    const back = detail(res);
    expect(back).toMatchObject({ end_date: '2029-08-08', returned_on: '2029-08-09', deduction: 3 });
    expect(back.return_to_work_id).toMatch(/^[0-9a-f-]{36}$/);
    const items = await ownerSql<{ kind: string; first_day: string; last_day: string }>(
      h.t,
      sql`select kind, first_day::text, last_day::text from return_to_work_items where absence_id = ${sick.id}`,
    );
    expect(items).toEqual([{ kind: 'self_certification', first_day: '2029-08-06', last_day: '2029-08-08' }]);
    expect((await h.act('employee', sick.id, 'return', { returned_on: '2029-08-10' })).statusCode).toBe(409);
  });

  it('is only for sickness', async () => {
    const leave = await h.book('colleague', { start_date: '2029-08-13', end_date: '2029-08-13' });
    const res = await h.act('colleague', leave.id, 'return', { returned_on: '2029-08-14' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(leaveMessages.notSickness);
  });
});
