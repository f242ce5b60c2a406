// Overtime reports and their decisions: what a report must hold (times or hours, the
// compensation the person is allowed, a rate for paid overtime), who may approve (the line
// manager, department and company scope; never oneself; another department's manager gets
// 403), decline needs a reason, the approver's badge and to-do, and the TOIL credit that
// approval adds to the person's time-off-in-lieu balance.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overtimeMessages, type OvertimeReport } from '../../../src/modules/overtime/overtime.contract';
import { expireTimeOffInLieu } from '../../../src/modules/overtime/server/overtime.jobs';
import { ownerSql } from '../../support/identity-fixtures';
import { addOvertimeCompany, daysAgo, toilBalance, type OvertimeCompany } from '../../support/overtime-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let c: OvertimeCompany;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  c = await addOvertimeCompany(t);
});
afterAll(async () => t.close());

const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: Record<string, string[]> }>().errors;
const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;
const pending = async (who: Parameters<OvertimeCompany['send']>[0]) =>
  (await c.send(who, 'GET', '/api/pending-count')).json<{ user_overtime: number }>().user_overtime;

describe('a report', () => {
  it('takes start and end times (across midnight too) or hours, and paid overtime at a company rate', async () => {
    const evening = await c.reported('employee', {
      start_time: '17:15',
      end_time: '19:45',
      hours: null,
      compensation: 'paid',
      overtime_rate_id: c.rates.timeAndHalf,
    });
    expect(evening.hours).toBe(2.5);
    expect(evening.payable_hours).toBe(3.75);
    // £12 an hour × 1.5 × 2.5 hours.
    expect(evening.estimated_cost).toBe(45);
    expect(evening.status).toBe('reported');
    expect(evening.rate).toEqual({ id: c.rates.timeAndHalf, name: 'Time and a half', multiplier: 1.5 });
    const night = await c.reported('employee', { start_time: '22:00', end_time: '01:30', hours: null });
    expect(night.hours).toBe(3.5);
    expect(night.compensation).toBe('toil');
    expect(night.estimated_cost).toBeNull();
  });

  it('refuses what is missing or wrong, field by field', async () => {
    const none = await c.report('employee', { hours: null });
    expect(none.statusCode).toBe(422);
    expect(errorsOf(none).hours).toEqual([overtimeMessages.timesOrHours]);
    const half = await c.report('employee', { start_time: '17:00', hours: null });
    expect(errorsOf(half).end_time).toEqual([overtimeMessages.bothTimes]);
    const mismatch = await c.report('employee', { start_time: '17:00', end_time: '18:00', hours: 2 });
    expect(errorsOf(mismatch).hours).toEqual([overtimeMessages.hoursMismatch]);
    const noRate = await c.report('employee', { compensation: 'paid' });
    expect(errorsOf(noRate).overtime_rate_id).toEqual([overtimeMessages.rateRequired]);
    const future = await c.report('employee', { date: daysAgo(-2) });
    expect(errorsOf(future).date).toEqual([overtimeMessages.future]);
    const blank = await c.report('employee', { reason: '   ' });
    expect(errorsOf(blank).reason).toEqual(['Field is required.']);
    const odd = await c.report('employee', { hours: 1.1 });
    expect(errorsOf(odd).hours).toEqual([overtimeMessages.quarterHours]);
  });

  it('keeps to what the person is allowed, and to a company with overtime on', async () => {
    await ownerSql(t, sql`update user_settings set allow_payable_overtime = false where user_id = ${c.people.colleague.id}`);
    const paid = await c.report('colleague', { compensation: 'paid', overtime_rate_id: c.rates.double });
    expect(paid.statusCode).toBe(422);
    expect(errorsOf(paid).compensation).toEqual([overtimeMessages.paidNotAllowed]);
    await ownerSql(t, sql`update user_settings set allow_payable_overtime = true where user_id = ${c.people.colleague.id}`);

    const other = await addOvertimeCompany(t, { name: 'Other Ltd' });
    const foreignRate = await c.report('employee', { compensation: 'paid', overtime_rate_id: other.rates.double });
    expect(errorsOf(foreignRate).overtime_rate_id).toEqual([overtimeMessages.unknownRate]);
    await ownerSql(t, sql`update company_settings set overtime_enabled = false where company_id = ${other.companyId}`);
    const off = await other.report('employee', {});
    expect(off.statusCode).toBe(409);
    expect(messageOf(off)).toBe(overtimeMessages.disabled);
  });

  it('may be made for someone else only within the reporter’s scope', async () => {
    expect((await c.report('employee', { user_id: c.people.colleague.id })).statusCode).toBe(403);
    expect((await c.report('otherManager', { user_id: c.people.employee.id })).statusCode).toBe(403);
    const forElla = await c.reported('manager', { user_id: c.people.employee.id, hours: 1 });
    expect(forElla.user.id).toBe(c.people.employee.id);
    expect(forElla.reported_by?.name).toBe('Marta Manning');
  });
});

describe('deciding', () => {
  it('refuses the person themselves and another department’s manager; the line manager approves', async () => {
    const report = await c.reported('employee', { hours: 1.5, compensation: 'paid', overtime_rate_id: c.rates.double });
    const own = await c.act('employee', report.id, 'approve');
    expect(own.statusCode).toBe(403);
    const other = await c.act('otherManager', report.id, 'approve');
    expect(other.statusCode).toBe(403);
    expect(messageOf(other)).toBe(overtimeMessages.notApprover);
    const approved = await c.act('manager', report.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json<OvertimeReport>()).toMatchObject({
      status: 'approved',
      decided_by: { name: 'Marta Manning' },
      can_approve: false,
    });
    const again = await c.act('manager', report.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(overtimeMessages.notReported);
  });

  it('never lets an owner approve their own overtime, though they approve everyone else’s', async () => {
    const owners = await c.reported('owner', { hours: 2 });
    const own = await c.act('owner', owners.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(messageOf(own)).toBe(overtimeMessages.cannotApproveOwn);
    expect((await c.act('hr', owners.id, 'approve')).statusCode).toBe(200);
    const offices = await c.reported('office', { hours: 1 });
    expect((await c.act('owner', offices.id, 'approve')).statusCode).toBe(200);
  });

  it('needs a reason to decline, and tells the person why', async () => {
    const report = await c.reported('colleague', { hours: 2 });
    const bare = await c.act('manager', report.id, 'decline', {});
    expect(bare.statusCode).toBe(422);
    expect(errorsOf(bare).reason).toEqual([overtimeMessages.declineReasonRequired]);
    const declined = await c.act('manager', report.id, 'decline', { reason: 'Not agreed in advance' });
    expect(declined.json<OvertimeReport>()).toMatchObject({ status: 'declined', decline_reason: 'Not agreed in advance' });
    const [told] = await ownerSql<{ description: string; relates_to: string }>(
      t,
      sql`select description, relates_to from notifications where user_id = ${c.people.colleague.id} and relates_to_id = ${report.id}`,
    );
    expect(told).toMatchObject({ relates_to: 'overtime_report' });
    expect(told?.description).toContain('declined: Not agreed in advance');
  });

  it('asks the line manager (a to-do with an e-mail) and counts it on their badge, not on another manager’s', async () => {
    const before = await pending('manager');
    const otherBefore = await pending('otherManager');
    const report = await c.reported('employee', { hours: 1 });
    expect(await pending('manager')).toBe(before + 1);
    expect(await pending('otherManager')).toBe(otherBefore);
    expect(await pending('employee')).toBe(0);
    const todos = await ownerSql<{ user_id: string; todo: boolean }>(
      t,
      sql`select user_id, todo from notifications where relates_to_id = ${report.id}`,
    );
    expect(todos).toEqual([{ user_id: c.people.manager.id, todo: true }]);
    const mails = await ownerSql<{ n: string }>(
      t,
      sql`select count(*) as n from outbox_email where company_id = ${c.companyId} and subject like 'Overtime to approve%'`,
    );
    expect(Number(mails[0]?.n)).toBeGreaterThan(0);
    await c.act('manager', report.id, 'approve');
    expect(await pending('manager')).toBe(before);
  });

  it('lets the reporter cancel while it waits, not once decided', async () => {
    const report = await c.reported('colleague', { hours: 1 });
    expect((await c.act('manager', report.id, 'cancel')).statusCode).toBe(403);
    const cancelled = await c.act('colleague', report.id, 'cancel');
    expect(cancelled.json<OvertimeReport>().status).toBe('cancelled');
    expect((await c.act('manager', report.id, 'approve')).statusCode).toBe(409);
  });
});

describe('time off in lieu', () => {
  it('adds an approved 3-hour report to the person’s TOIL balance as a logged value with its reason', async () => {
    const date = daysAgo(5);
    const before = await toilBalance(t, c, 'colleague', date);
    const report = await c.reported('colleague', { date, start_time: '18:00', end_time: '21:00', hours: null, compensation: 'toil' });
    expect((await toilBalance(t, c, 'colleague', date)).balance).toBe(before.balance);
    const approved = await c.act('manager', report.id, 'approve', { note: 'Thanks' });
    expect(approved.statusCode).toBe(200);
    const after = await toilBalance(t, c, 'colleague', date);
    expect(after.unit).toBe('hours');
    expect(after.balance).toBe(before.balance + 3);
    expect(after.reasons.at(-1)).toMatch(
      /^Time off in lieu: 3 hours of overtime on \d\d\/\d\d\/\d{4} approved by Marta Manning \(Thanks\)$/,
    );

    // The balances API shows it to the person.
    const periods = await c.send('colleague', 'GET', `/api/user-absence-period?user_id=${c.people.colleague.id}&current_only=1`);
    expect(periods.statusCode).toBe(200);
    expect(periods.body).toContain('Time off in lieu');
  });

  it('sets the company’s expiry on the credit, and refuses a credit for someone with no absence policy', async () => {
    await ownerSql(t, sql`insert into company_overtime_settings (company_id, toil_expiry_months) values (${c.companyId}, 3)`);
    const date = daysAgo(10);
    const report = await c.reported('employee', { date, hours: 2 });
    const approved = (await c.act('manager', report.id, 'approve')).json<OvertimeReport>();
    expect(approved.toil_expires_on).not.toBeNull();
    expect(approved.toil_expires_on! > date).toBe(true);

    await ownerSql(t, sql`delete from user_absence_policies where user_id = ${c.people.office.id}`);
    await ownerSql(t, sql`delete from user_absence_periods where user_id = ${c.people.office.id}`);
    const office = await c.reported('office', { hours: 2 });
    const refused = await c.act('otherManager', office.id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(overtimeMessages.noPolicy);
    expect((await c.send('office', 'GET', `/api/user-overtime/${office.id}`)).json<OvertimeReport>().status).toBe('reported');
  });

  it('takes expired time off in lieu back once, never below what is left', async () => {
    const date = daysAgo(20);
    const report = await c.reported('colleague', { date, hours: 2 });
    await c.act('manager', report.id, 'approve');
    const credited = await toilBalance(t, c, 'colleague', date);
    await ownerSql(t, sql`update user_overtime set toil_expires_on = ${daysAgo(1)} where id = ${report.id}`);
    expect(await expireTimeOffInLieu(t.deps.db, t.deps.modules)).toBe(1);
    const after = await toilBalance(t, c, 'colleague', date);
    expect(after.balance).toBe(credited.balance - 2);
    expect(after.reasons.at(-1)).toMatch(/^Time off in lieu expired: 2 hours of overtime on /);
    expect(await expireTimeOffInLieu(t.deps.db, t.deps.modules)).toBe(0);
    expect((await toilBalance(t, c, 'colleague', date)).balance).toBe(after.balance);
  });
});
