// The time clock on real PostgreSQL: a clock-in matched to the person's shift; the device's
// time kept when plausible and flagged (with the receive time used) when in the future, before
// the previous event or further from the receive time than the company allows; a queued write
// replayed with its Idempotency-Key landing once; the forgotten clock-out reminded and then
// closed at the shift's end, flagged; a manager's edit with its reason keeping the original;
// approval (never one's own, never out of reach) into the pay period's hours; and another
// company's entries out of reach.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayPeriodDetail } from '../../../src/modules/payroll/payroll.contract';
import { sweepForgottenClockOuts } from '../../../src/modules/time-clock/server/time-clock.jobs';
import { timeClockMessages, type MyClock, type TimesheetWeek } from '../../../src/modules/time-clock/time-clock.contract';
import { addDays, londonDate, londonInstant, startOfWeek } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import type { LeavePerson } from '../../support/leave-fixtures';
import { addRotaCompany, type RotaHarness } from '../../support/rotas-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let r: RotaHarness;
let other: RotaHarness;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  r = await addRotaCompany(t);
  other = await addRotaCompany(t, 'Elsewhere Ltd');
});
afterAll(async () => t.close());

const minutesFrom = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
const clock = (who: LeavePerson, kind: string, deviceTime: Date, headers: Record<string, string> = {}) =>
  r.company.token(who).then((token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/time-clock/events',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: { kind, device_time: deviceTime.toISOString() },
    }),
  );
const ok = async (who: LeavePerson, kind: string, deviceTime: Date) => {
  const res = await clock(who, kind, deviceTime);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyClock>();
};

async function addShift(h: RotaHarness, who: LeavePerson, start: Date, end: Date): Promise<string> {
  const rows = await ownerSql<{ id: string }>(
    t,
    sql`insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
        values (${h.company.companyId}, ${h.company.people[who].id}, ${h.company.departments.Operations}, ${start}, ${end}, 30, 'Floor', true, now())
        returning id`,
  );
  return rows[0]!.id;
}

/** A closed entry written straight in (clock-in, a break, clock-out), for the manager's side. */
async function addEntry(
  h: RotaHarness,
  who: LeavePerson,
  date: string,
  from: string,
  to: string,
  shiftId: string | null = null,
): Promise<string> {
  const clockIn = londonInstant(date, from);
  const clockOut = londonInstant(date, to);
  const worked = Math.round((clockOut.getTime() - clockIn.getTime()) / 60_000) - 30;
  const rows = await ownerSql<{ id: string }>(
    t,
    sql`insert into time_clock_entries (company_id, user_id, shift_id, clock_in_at, clock_out_at, break_minutes, worked_minutes)
        values (${h.company.companyId}, ${h.company.people[who].id}, ${shiftId}, ${clockIn}, ${clockOut}, 30, ${worked}) returning id`,
  );
  const id = rows[0]!.id;
  for (const [kind, at] of [
    ['clock_in', clockIn],
    ['clock_out', clockOut],
  ] as const) {
    await ownerSql(
      t,
      sql`insert into time_clock_events (company_id, entry_id, user_id, kind, at, recorded_at, device_time, received_at)
          values (${h.company.companyId}, ${id}, ${h.company.people[who].id}, ${kind}, ${at}, ${at}, ${at}, ${at})`,
    );
  }
  return id;
}

const timesheets = async (h: RotaHarness, who: LeavePerson, week: string) => {
  const res = await h.send(who, 'GET', `/api/timesheets?week=${week}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TimesheetWeek>();
};

describe('clocking in and out', () => {
  it('matches the shift under way, keeps plausible device times and adds up the breaks', async () => {
    const now = new Date();
    const shiftId = await addShift(r, 'employee', minutesFrom(now, -60), minutesFrom(now, 240));
    const clockIn = minutesFrom(now, -50);
    const first = await ok('employee', 'clock_in', clockIn);
    expect(first.open?.shift?.id).toBe(shiftId);
    expect(first.open?.clock_in_at).toBe(clockIn.toISOString());
    expect(first.open?.flags).toEqual([]);
    await ok('employee', 'break_start', minutesFrom(now, -30));
    const onBreak = await ok('employee', 'break_end', minutesFrom(now, -10));
    expect(onBreak.open?.break_minutes).toBe(20);
    const again = await clock('employee', 'clock_in', now);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(timeClockMessages.alreadyIn);
    const done = await ok('employee', 'clock_out', now);
    expect(done.open).toBeNull();
    expect(done.last).toMatchObject({ clock_out_at: now.toISOString(), break_minutes: 20, worked_minutes: 30, flags: [] });
    expect(done.last?.events.map((event) => [event.kind, event.device_time, event.flag])).toEqual([
      ['clock_in', clockIn.toISOString(), null],
      ['break_start', minutesFrom(now, -30).toISOString(), null],
      ['break_end', minutesFrom(now, -10).toISOString(), null],
      ['clock_out', now.toISOString(), null],
    ]);
    const notIn = await clock('employee', 'break_start', now);
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json<{ message: string }>().message).toBe(timeClockMessages.notIn);
  });

  it('lands a queued write once however often the outbox replays it', async () => {
    const key = { 'idempotency-key': `timeclock-${Date.now()}` };
    const at = minutesFrom(new Date(), -5);
    const first = await clock('colleague', 'clock_in', at, key);
    const replay = await clock('colleague', 'clock_in', at, key);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    const events = await ownerSql<{ n: number }>(
      t,
      sql`select count(*)::int as n from time_clock_events where user_id = ${r.company.people.colleague.id} and kind = 'clock_in'`,
    );
    expect(events[0]?.n).toBe(1);
    await ok('colleague', 'clock_out', new Date());
  });

  it('flags a device time in the future, before the previous event, or too far from its arrival, and uses the receive time', async () => {
    const before = Date.now();
    const future = await ok('office', 'clock_in', minutesFrom(new Date(), 60));
    expect(future.open?.flags).toEqual(['device_time_future']);
    const used = new Date(future.open!.clock_in_at).getTime();
    expect(used).toBeGreaterThanOrEqual(before - 1000);
    expect(used).toBeLessThanOrEqual(Date.now() + 1000);
    expect(future.open?.events[0]?.device_time).not.toBe(future.open?.clock_in_at);

    const outOfOrder = await ok('office', 'break_start', minutesFrom(new Date(), -120));
    expect(outOfOrder.open?.flags).toEqual(['device_time_future', 'device_time_out_of_order']);
    expect(outOfOrder.open?.events[1]?.at).toBe(outOfOrder.open?.events[0]?.at);
    await ok('office', 'break_end', new Date());
    await ok('office', 'clock_out', new Date());

    expect(
      (await r.send('owner', 'PUT', '/api/time-clock-settings', { max_drift_minutes: 60, reminder_grace_minutes: 30 })).statusCode,
    ).toBe(200);
    const drifted = await ok('hr', 'clock_in', minutesFrom(new Date(), -180));
    expect(drifted.open?.flags).toEqual(['device_time_drift']);
    expect(Math.abs(new Date(drifted.open!.clock_in_at).getTime() - Date.now())).toBeLessThan(60_000);
    const within = await ok('hr', 'break_start', new Date());
    expect(within.open?.events[1]?.at).toBe(within.open?.events[1]?.device_time);
    await ok('hr', 'clock_out', new Date());
    const bad = await r.send('owner', 'PUT', '/api/time-clock-settings', { max_drift_minutes: 1, reminder_grace_minutes: 30 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.max_drift_minutes).toBeDefined();
    const nonsense = await clock('office', 'clock_in', new Date());
    expect(nonsense.statusCode).toBe(200);
    const wrongKind = await r.send('office', 'POST', '/api/time-clock/events', { kind: 'nap', device_time: 'yesterday' });
    expect(wrongKind.statusCode).toBe(422);
    expect(Object.keys(wrongKind.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['device_time', 'kind']);
    await ok('office', 'clock_out', new Date());
  });
});

describe('a forgotten clock-out', () => {
  it('reminds after the grace and closes at the shift end once the day is over, flagged', async () => {
    const start = londonInstant(addDays(londonDate(new Date()), -1), '06:00');
    const end = londonInstant(addDays(londonDate(new Date()), -1), '10:00');
    const shiftId = await addShift(other, 'employee', start, end);
    const rows = await ownerSql<{ id: string }>(
      t,
      sql`insert into time_clock_entries (company_id, user_id, shift_id, clock_in_at)
          values (${other.company.companyId}, ${other.company.people.employee.id}, ${shiftId}, ${minutesFrom(start, 3)}) returning id`,
    );
    const id = rows[0]!.id;
    await ownerSql(
      t,
      sql`insert into time_clock_events (company_id, entry_id, user_id, kind, at, recorded_at, device_time)
          values (${other.company.companyId}, ${id}, ${other.company.people.employee.id}, 'clock_in', ${minutesFrom(start, 3)}, ${minutesFrom(start, 3)}, ${minutesFrom(start, 3)})`,
    );
    // Within the grace: nothing; after it: a reminder, once; the next day: closed at the shift's end.
    expect(await sweepForgottenClockOuts(t.deps.db, minutesFrom(end, 10))).toMatchObject({ reminded: 0, closed: 0 });
    expect(await sweepForgottenClockOuts(t.deps.db, minutesFrom(end, 45))).toMatchObject({ reminded: 1, closed: 0 });
    expect(await sweepForgottenClockOuts(t.deps.db, minutesFrom(end, 50))).toMatchObject({ reminded: 0, closed: 0 });
    const bells = await ownerSql<{ description: string }>(
      t,
      sql`select description from notifications where user_id = ${other.company.people.employee.id} order by created_at`,
    );
    expect(bells.map((bell) => bell.description)).toEqual([expect.stringContaining('you are still clocked in')]);
    expect((await sweepForgottenClockOuts(t.deps.db, new Date())).closed).toBeGreaterThanOrEqual(1);
    const week = await timesheets(other, 'manager', startOfWeek(londonDate(start)));
    const entry = week.people.find((person) => person.user_id === other.company.people.employee.id)?.entries.find((e) => e.id === id);
    expect(entry).toMatchObject({ clock_out_at: end.toISOString(), flags: ['auto_closed'], worked_minutes: 237 });
    expect(entry?.events.at(-1)).toMatchObject({ kind: 'clock_out', flag: 'auto_closed', device_time: null });
  });
});

describe('timesheets', () => {
  const WEEK = '2026-03-02';
  let late: string;
  let shiftId: string;
  beforeAll(async () => {
    shiftId = await addShift(r, 'employee', londonInstant(WEEK, '09:00'), londonInstant(WEEK, '17:00'));
    late = await addEntry(r, 'employee', WEEK, '09:20', '16:45', shiftId);
    await addShift(r, 'employee', londonInstant(addDays(WEEK, 1), '09:00'), londonInstant(addDays(WEEK, 1), '17:00'));
    await addEntry(r, 'manager', addDays(WEEK, 1), '08:00', '16:00');
  });

  it('shows clocked against rostered time, lateness, leaving early and the missed shift, to those in reach', async () => {
    const week = await timesheets(r, 'manager', WEEK);
    const ella = week.people.find((person) => person.name === 'Ella Evans');
    expect(ella).toMatchObject({ clocked_minutes: 415, rostered_minutes: 900, approvable: true });
    expect(ella?.entries[0]).toMatchObject({
      id: late,
      date: WEEK,
      late_minutes: 20,
      early_minutes: 15,
      rostered_minutes: 450,
      approval: 'pending',
    });
    expect(ella?.unclocked_shifts.map((shift) => shift.date)).toEqual([addDays(WEEK, 1)]);
    // The manager sees their own time but may not approve it.
    expect(week.people.find((person) => person.name === 'Marta Manning')?.approvable).toBe(false);
    const office = await timesheets(r, 'otherManager', WEEK);
    expect(office.people.map((person) => person.name)).not.toContain('Ella Evans');
    expect((await r.send('employee', 'GET', `/api/timesheets?week=${WEEK}`)).statusCode).toBe(403);
    expect((await r.send('manager', 'GET', '/api/timesheets?week=someday')).statusCode).toBe(422);
  });

  it('edits with a reason, keeping the original, and refuses one without', async () => {
    const newIn = londonInstant(WEEK, '09:05').toISOString();
    const noReason = await r.send('manager', 'PUT', `/api/timesheets/${late}`, { clock_in_at: newIn, reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual(['Field is required.']);
    const backwards = await r.send('manager', 'PUT', `/api/timesheets/${late}`, {
      clock_out_at: londonInstant(WEEK, '08:00').toISOString(),
      reason: 'x',
    });
    expect(backwards.statusCode).toBe(422);
    expect(
      (await r.send('otherManager', 'PUT', `/api/timesheets/${late}`, { clock_in_at: newIn, reason: 'Signed in at reception' })).statusCode,
    ).toBe(403);
    const edited = await r.send('manager', 'PUT', `/api/timesheets/${late}`, { clock_in_at: newIn, reason: 'Signed in at reception' });
    expect(edited.statusCode, edited.body).toBe(200);
    const entry = (await timesheets(r, 'manager', WEEK)).people.find((p) => p.name === 'Ella Evans')?.entries[0];
    expect(entry).toMatchObject({ clock_in_at: newIn, late_minutes: 5, worked_minutes: 430, flags: ['edited'] });
    expect(entry?.edits).toEqual([
      expect.objectContaining({
        field: 'clock_in_at',
        from: londonInstant(WEEK, '09:20').toISOString(),
        to: newIn,
        reason: 'Signed in at reception',
        edited_by_name: 'Marta Manning',
      }),
    ]);
    const audit = await ownerSql<{ n: number }>(
      t,
      sql`select count(*)::int as n from audit_log where target_id = ${late} and action = 'time-clock.edited'`,
    );
    expect(audit[0]?.n).toBe(1);
  });

  it('approves into the pay period’s hours, never one’s own, and locks what payroll exported', async () => {
    const marta = (await timesheets(r, 'owner', WEEK)).people.find((p) => p.name === 'Marta Manning')?.entries[0];
    const own = await r.send('manager', 'POST', `/api/timesheets/${marta!.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect((await r.send('employee', 'POST', `/api/timesheets/${late}/approve`)).statusCode).toBe(403);
    const all = await r.send('owner', 'POST', '/api/timesheets/approve', { ids: [late, marta!.id] });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ approved: 2 });
    await ownerSql(
      t,
      sql`insert into company_payroll_settings (company_id, frequency, first_period_start) values (${r.company.companyId}, 'weekly', '2026-01-05')`,
    );
    const period = await r.send('owner', 'GET', `/api/payroll-period/${WEEK}`);
    expect(period.statusCode, period.body).toBe(200);
    const hours = (name: string) =>
      period
        .json<PayPeriodDetail>()
        .people.find((p) => p.name === name)
        ?.lines.filter((line) => line.code === 'HOURS')
        .map((line) => line.hours);
    expect(hours('Ella Evans')).toEqual([7.17]); // 09:05–16:45 less 30 minutes: 430 minutes.
    expect(hours('Marta Manning')).toEqual([7.5]);
    const exported = await r.send('owner', 'POST', `/api/payroll-period/${WEEK}/export`, {});
    expect(exported.statusCode, exported.body).toBeLessThan(300);
    const locked = await r.send('owner', 'PUT', `/api/timesheets/${late}`, { break_minutes: 45, reason: 'Longer lunch' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json<{ message: string }>().message).toBe(timeClockMessages.exported);
  });

  it('keeps another company out', async () => {
    expect((await other.send('owner', 'PUT', `/api/timesheets/${late}`, { break_minutes: 10, reason: 'Mine now' })).statusCode).toBe(404);
    expect((await other.send('owner', 'POST', '/api/timesheets/approve', { ids: [late] })).statusCode).toBe(404);
    const theirs = await timesheets(other, 'owner', WEEK);
    expect(theirs.people).toEqual([]);
  });
});
