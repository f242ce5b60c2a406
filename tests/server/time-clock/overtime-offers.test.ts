// Approved time feeds payroll and leave (issue 35), on real PostgreSQL: an approved entry whose
// worked time passes its shift's paid time by more than the company's threshold is offered to
// the person as overtime — a to-do that a claim (paid or time off in lieu, filed through the
// overtime module's approval) or a dismissal ends, never twice for one entry, withdrawn by an
// edit; only the person may act on it, and never from another company. Approved hours of an
// irregular-hours worker accrue 12.07% on their annual leave, one line a week, corrected when
// an edit sends an entry back for approval.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OvertimeOffer } from '../../../src/modules/time-clock/overtime-offers.contract';
import { overtimeOfferMessages, overtimeOfferPaths } from '../../../src/modules/time-clock/overtime-offers.contract';
import type { NotificationsPage } from '../../../src/shared/notifications.contract';
import { addDays, londonInstant, startOfWeek } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import type { LeavePerson } from '../../support/leave-fixtures';
import { addOvertimeCompany, daysAgo, type OvertimeCompany } from '../../support/overtime-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let c: OvertimeCompany;
let other: OvertimeCompany;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  c = await addOvertimeCompany(t, { name: 'Clockpay Ltd' });
  other = await addOvertimeCompany(t, { name: 'Elsewhere Clockpay Ltd' });
}, 120_000);
afterAll(async () => t.close());

// A week wholly past, within the overtime form's last year.
const monday = startOfWeek(daysAgo(10));
let day = 0;
/** A fresh day of that week or the ones before it, so no two tests share an entry's date. */
const nextDate = () => addDays(monday, -7 * Math.floor(day / 7) + (day++ % 7) - 7);

async function shift(h: OvertimeCompany, who: LeavePerson, date: string, from: string, to: string, breakMinutes = 30) {
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
        values (${h.companyId}, ${h.people[who].id}, ${h.departments.Operations}, ${londonInstant(date, from)}, ${londonInstant(date, to)},
                ${breakMinutes}, 'Floor', true, now()) returning id`,
  );
  return row!.id;
}

/** A closed entry with a 30-minute break, on the shift when given. */
async function entry(h: OvertimeCompany, who: LeavePerson, date: string, from: string, to: string, shiftId: string | null) {
  const clockIn = londonInstant(date, from);
  const clockOut = londonInstant(date, to);
  const worked = Math.round((clockOut.getTime() - clockIn.getTime()) / 60_000) - 30;
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into time_clock_entries (company_id, user_id, shift_id, clock_in_at, clock_out_at, break_minutes, worked_minutes)
        values (${h.companyId}, ${h.people[who].id}, ${shiftId}, ${clockIn}, ${clockOut}, 30, ${worked}) returning id`,
  );
  return row!.id;
}

const approve = async (h: OvertimeCompany, id: string, who: LeavePerson = 'manager') => {
  const res = await h.send(who, 'POST', `/api/timesheets/${id}/approve`);
  expect(res.statusCode, res.body).toBe(200);
};

async function offerOf(entryId: string) {
  return (
    await ownerSql<{ id: string; status: string; extra_minutes: number; overtime_id: string | null }>(
      t,
      sql`select id, status, extra_minutes, overtime_id from time_clock_overtime_offers where entry_id = ${entryId}`,
    )
  )[0];
}

/** The person's open to-dos about an offer. */
async function offerTodos(h: OvertimeCompany, who: LeavePerson, offerId: string) {
  const res = await h.send(who, 'GET', '/api/notifications?limit=200');
  return res
    .json<NotificationsPage>()
    .results.filter((n) => n.relates_to === 'overtime_offer' && n.relates_to_id === offerId)
    .map((n) => ({ todo: n.todo, description: n.description }));
}

/** An approved entry of `worked beyond` minutes over a 09:00–17:00 shift (30-minute break, 450 paid minutes). */
async function approvedBeyond(h: OvertimeCompany, who: LeavePerson, extraMinutes: number, approver: LeavePerson = 'manager') {
  const date = nextDate();
  const shiftId = await shift(h, who, date, '09:00', '17:00');
  const end = londonInstant(date, '17:00').getTime() + extraMinutes * 60_000;
  const to = new Date(end).toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
  const id = await entry(h, who, date, '09:00', to, shiftId);
  await approve(h, id, approver);
  return { id, date };
}

describe('time beyond the shift offered as overtime', () => {
  it('offers more than the threshold (16 minutes), not the threshold itself (15), nor past a raised threshold', async () => {
    const at15 = await approvedBeyond(c, 'employee', 15);
    expect(await offerOf(at15.id)).toBeUndefined();
    const at16 = await approvedBeyond(c, 'employee', 16);
    const offer = await offerOf(at16.id);
    expect(offer).toMatchObject({ status: 'open', extra_minutes: 16 });
    const read = await c.send('employee', 'GET', overtimeOfferPaths.offer(offer!.id));
    expect(read.json<OvertimeOffer>()).toMatchObject({ hours: 0.25, max_hours: 0.5, options: { enabled: true, paid: true, toil: true } });

    const raised = await c.send('owner', 'PUT', overtimeOfferPaths.settings, { overtime_offer_minutes: 60 });
    expect(raised.json()).toEqual({ overtime_offer_minutes: 60 });
    const at45 = await approvedBeyond(c, 'employee', 45);
    expect(await offerOf(at45.id)).toBeUndefined();
    await c.send('owner', 'PUT', overtimeOfferPaths.settings, { overtime_offer_minutes: 15 });
    expect((await c.send('manager', 'PUT', overtimeOfferPaths.settings, { overtime_offer_minutes: 0 })).statusCode).toBe(403);
  });

  it('claimed as time off in lieu: one report waiting for the approvers, the to-do ended, never twice', async () => {
    const { id, date } = await approvedBeyond(c, 'employee', 45);
    const offer = (await offerOf(id))!;
    const [todo] = await offerTodos(c, 'employee', offer.id);
    expect(todo?.todo).toBe(true);
    expect(todo?.description).toContain('You worked 45 minutes beyond your shift on');
    expect(todo?.description).toContain('claim it as overtime?');

    const claimed = await c.send('employee', 'POST', overtimeOfferPaths.claim(offer.id), { compensation: 'toil' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const view = claimed.json<OvertimeOffer>();
    expect(view.status).toBe('claimed');
    const [report] = await ownerSql<{ hours: number; reason: string; compensation: string; status: string; date: string }>(
      t,
      sql`select hours::float8 as hours, reason, compensation, status, to_char(date, 'YYYY-MM-DD') as date from user_overtime where id = ${view.overtime_id}`,
    );
    expect(report).toEqual({ hours: 0.75, reason: 'Beyond rostered shift', compensation: 'toil', status: 'reported', date });
    expect((await offerTodos(c, 'employee', offer.id)).map((n) => n.todo)).toEqual([false]);
    const decide = (await c.send('manager', 'GET', '/api/notifications?limit=200'))
      .json<NotificationsPage>()
      .results.filter((n) => n.relates_to === 'overtime_report' && n.relates_to_id === view.overtime_id);
    expect(decide.map((n) => n.todo)).toEqual([true]);

    const again = await c.send('employee', 'POST', overtimeOfferPaths.claim(offer.id), { compensation: 'paid' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(overtimeOfferMessages.notOpen);
    await approve(c, id).catch(() => undefined);
    const [{ count }] = (await ownerSql<{ count: number }>(
      t,
      sql`select count(*)::int as count from user_overtime where user_id = ${c.people.employee.id} and date = ${date}`,
    )) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('claimed as paid at the lowest rate unless another is named; hours beyond the extra are refused', async () => {
    const { id } = await approvedBeyond(c, 'colleague', 50);
    const offer = (await offerOf(id))!;
    const tooMany = await c.send('colleague', 'POST', overtimeOfferPaths.claim(offer.id), { compensation: 'paid', hours: 1.25 });
    expect(tooMany.statusCode).toBe(422);
    const claimed = await c.send('colleague', 'POST', overtimeOfferPaths.claim(offer.id), {
      compensation: 'paid',
      hours: 1,
      reason: 'Stayed for the late delivery',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const [report] = await ownerSql<{ hours: number; compensation: string; overtime_rate_id: string; reason: string }>(
      t,
      sql`select hours::float8 as hours, compensation, overtime_rate_id, reason from user_overtime where id = ${claimed.json<OvertimeOffer>().overtime_id}`,
    );
    expect(report).toEqual({
      hours: 1,
      compensation: 'paid',
      overtime_rate_id: c.rates.timeAndHalf,
      reason: 'Stayed for the late delivery',
    });
  });

  it('dismissed: the to-do ends and nothing is reported; an edit withdraws an open offer and approving again offers it once more', async () => {
    const dismissed = await approvedBeyond(c, 'employee', 30);
    const offer = (await offerOf(dismissed.id))!;
    const res = await c.send('employee', 'POST', overtimeOfferPaths.dismiss(offer.id));
    expect(res.json<OvertimeOffer>().status).toBe('dismissed');
    expect((await offerTodos(c, 'employee', offer.id)).map((n) => n.todo)).toEqual([false]);
    expect((await c.send('employee', 'POST', overtimeOfferPaths.claim(offer.id), { compensation: 'toil' })).statusCode).toBe(409);

    const edited = await approvedBeyond(c, 'employee', 30);
    const open = (await offerOf(edited.id))!;
    const edit = await c.send('manager', 'PUT', `/api/timesheets/${edited.id}`, {
      clock_out_at: londonInstant(edited.date, '17:50').toISOString(),
      reason: 'Left later than clocked',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await offerOf(edited.id)).toMatchObject({ id: open.id, status: 'withdrawn' });
    expect((await offerTodos(c, 'employee', open.id)).map((n) => n.todo)).toEqual([false]);
    expect((await c.send('employee', 'POST', overtimeOfferPaths.claim(open.id), { compensation: 'toil' })).json()).toMatchObject({
      message: overtimeOfferMessages.withdrawn,
    });
    await approve(c, edited.id);
    expect(await offerOf(edited.id)).toMatchObject({ id: open.id, status: 'open', extra_minutes: 50 });
    expect((await offerTodos(c, 'employee', open.id)).map((n) => n.todo)).toEqual([true, false]);
  });

  it('only the person acts on their offer: not a colleague, not their manager, not another company', async () => {
    const { id } = await approvedBeyond(c, 'employee', 40);
    const offer = (await offerOf(id))!;
    for (const who of ['colleague', 'manager', 'owner'] as const) {
      expect((await c.send(who, 'GET', overtimeOfferPaths.offer(offer.id))).statusCode).toBe(404);
      expect((await c.send(who, 'POST', overtimeOfferPaths.claim(offer.id), { compensation: 'toil' })).statusCode).toBe(404);
      expect((await c.send(who, 'POST', overtimeOfferPaths.dismiss(offer.id))).statusCode).toBe(404);
    }
    expect((await other.send('employee', 'GET', overtimeOfferPaths.offer(offer.id))).statusCode).toBe(404);
    expect((await other.send('owner', 'POST', overtimeOfferPaths.dismiss(offer.id))).statusCode).toBe(404);
    expect(await offerOf(id)).toMatchObject({ status: 'open' });
  });

  it('is not offered when the person may claim overtime neither paid nor as time off in lieu', async () => {
    await ownerSql(
      t,
      sql`update user_settings set allow_payable_overtime = false, allow_toil_overtime = false where user_id = ${c.people.office.id}`,
    );
    const { id } = await approvedBeyond(c, 'office', 60, 'otherManager');
    expect(await offerOf(id)).toBeUndefined();
  });
});

describe('fuzzed claims and settings', () => {
  it('never answer 5xx, whatever the body', async () => {
    const { id } = await approvedBeyond(c, 'employee', 35);
    const offer = (await offerOf(id))!;
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('paid', 'toil', '\u0000', 'a'.repeat(3000), c.rates.double, crypto.randomUUID(), 0.25, 0.5, 240, -1),
    );
    const body = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), scalar, { maxKeys: keys.length });
    const noFiveHundred = async (who: LeavePerson, method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await c.send(who, method, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 200)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
    };
    await fc.assert(
      fc.asyncProperty(body(['compensation', 'hours', 'reason', 'overtime_rate_id']), (payload) =>
        noFiveHundred('employee', 'POST', overtimeOfferPaths.claim(offer.id), payload),
      ),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(body(['overtime_offer_minutes']), (payload) => noFiveHundred('owner', 'PUT', overtimeOfferPaths.settings, payload)),
      { numRuns: 20 },
    );
    await c.send('owner', 'PUT', overtimeOfferPaths.settings, { overtime_offer_minutes: 15 });
  });
});

describe('approved hours accrue holiday for irregular-hours workers', () => {
  const lines = async (h: OvertimeCompany, who: LeavePerson) =>
    ownerSql<{ change: number; hours_worked: number; reason: string }>(
      t,
      sql`select l.change::float8 as change, l.hours_worked::float8 as hours_worked, l.reason from user_absence_period_value_logs l
          where l.user_id = ${h.people[who].id} and l.kind = 'hours_worked' order by l.created_at, l.id`,
    );

  it('logs 12.07% of the week’s approved hours, corrects the line when an entry goes back for approval, and nothing for others', async () => {
    const [template] = await ownerSql<{ id: string }>(
      t,
      sql`insert into absence_policy_templates (company_id, name, unit, allowance, bank_holidays, accrual)
          values (${c.companyId}, 'Irregular hours', 'hours', 0, 'included', 'hours_worked') returning id`,
    );
    await ownerSql(t, sql`update user_absence_policies set template_id = ${template!.id} where user_id = ${c.people.colleague.id}`);
    await ownerSql(t, sql`update user_absence_periods set template_id = ${template!.id} where user_id = ${c.people.colleague.id}`);
    const week = startOfWeek(addDays(monday, -28));
    const first = await entry(c, 'colleague', week, '08:00', '16:30', null); // 8 h
    const second = await entry(c, 'colleague', addDays(week, 1), '09:00', '17:00', null); // 7.5 h
    const res = await c.send('manager', 'POST', '/api/timesheets/approve', { ids: [first, second] });
    expect(res.statusCode, res.body).toBe(200);
    const shown = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${week}T00:00:00Z`),
    );
    // 15.5 h × 12.07% = 1.87085 h, up to the hundredth.
    expect(await lines(c, 'colleague')).toEqual([
      { change: 1.88, hours_worked: 15.5, reason: `Accrued from hours worked, week of ${shown}: 1.88 h (12.07% of 15.5 h worked)` },
    ]);

    const edit = await c.send('manager', 'PUT', `/api/timesheets/${second}`, {
      clock_out_at: londonInstant(addDays(week, 1), '17:30').toISOString(),
      reason: 'Stayed to close',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await approve(c, second);
    // Back to 8 h (0.97), then 16 h (1.94): 12.07% of each total, never a second copy of the week.
    const after = await lines(c, 'colleague');
    expect(after.map((line) => [line.change, line.hours_worked])).toEqual([
      [1.88, 15.5],
      [-0.91, -7.5],
      [0.97, 8],
    ]);
    expect(after[2]!.reason).toBe(`Accrued from hours worked, week of ${shown}: 1.94 h (12.07% of 16 h worked, was 8 h)`);
    expect(Math.round(after.reduce((sum, line) => sum + line.change, 0) * 100) / 100).toBe(1.94);

    const employeeEntry = await entry(c, 'employee', week, '08:00', '16:30', null);
    await approve(c, employeeEntry);
    expect(await lines(c, 'employee')).toEqual([]);
  });
});
